import { Router, type Request } from 'express';
import { requirePlanFeature } from '../../billing/plans';
import { AgencyApi, ZAgenciesQuery, ZAgencyInput, ZUpdateAgencyRequest, type TAgenciesQuery } from '@hireflow/contracts/agencies';
import { ZIdParams } from '@hireflow/contracts/jobs';
import { z } from 'zod';
import { authOf, requireAuth, requireRight } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath, jobsContext } from '../../jobs/jobs.context';
import { agencyOptions, getAgency, inviteAgency, listAgencies, listAgencySubmissions, setAgencyPaused, updateAgency, type ManageContext } from './manage.service';
// The agency approval kind and the placement fee register themselves with the approvals and offers modules.
import '../agency-approval';
import '../placement';

/** The company side of agencies (company-settings/manage-agencies): the manageAgencies right, except reading one agency (its approvers may). */
export const manageAgenciesRouter = Router();

const ZPageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });
const ctxOf = (req: Request): ManageContext => ({ ...jobsContext(req), canManage: authOf(req).rights.has('manageAgencies') });
const idOf = (req: Request) => req.params.id as string;
// Agencies are a plan feature: managing them and reading one (approvers) need a plan that includes them.
const agencies = requirePlanFeature('agencies');
const manage = [requireAuth, requireRight('manageAgencies'), agencies];

// The fixed /agencies/options before /agencies/:id.
manageAgenciesRouter.get(apiPath(AgencyApi.agencyOptions), ...manage, async (req, res) => {
  res.json(await agencyOptions(ctxOf(req)));
});

manageAgenciesRouter.get(apiPath(AgencyApi.agencies), ...manage, validate({ query: ZAgenciesQuery }), async (req, res) => {
  res.json(await listAgencies(ctxOf(req), req.query as unknown as TAgenciesQuery));
});

manageAgenciesRouter.post(apiPath(AgencyApi.agencies), ...manage, validate({ body: ZAgencyInput }), async (req, res) => {
  res.status(201).json(await inviteAgency(ctxOf(req), req.body));
});

// Approvers in its chain read it too (the approval page), so the right is checked in the service.
manageAgenciesRouter.get(apiPath(AgencyApi.agency), requireAuth, agencies, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getAgency(ctxOf(req), idOf(req)));
});

manageAgenciesRouter.put(apiPath(AgencyApi.agency), ...manage, validate({ params: ZIdParams, body: ZUpdateAgencyRequest }), async (req, res) => {
  res.json(await updateAgency(ctxOf(req), idOf(req), req.body));
});

manageAgenciesRouter.post(apiPath(AgencyApi.pause), ...manage, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await setAgencyPaused(ctxOf(req), idOf(req), true));
});

manageAgenciesRouter.post(apiPath(AgencyApi.resume), ...manage, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await setAgencyPaused(ctxOf(req), idOf(req), false));
});

manageAgenciesRouter.get(apiPath(AgencyApi.agencySubmissions), ...manage, validate({ params: ZIdParams, query: ZPageQuery }), async (req, res) => {
  res.json(await listAgencySubmissions(ctxOf(req), idOf(req), (req.query as unknown as { page: number }).page));
});
