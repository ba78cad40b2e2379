import { Router } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import { InterviewApi, ZInterviewAttributeInput, ZInterviewPlanInput } from '@hireflow/contracts/interviews';
import { ZSignatureInput, ZSignatureRequest } from '@hireflow/contracts/interviews-plans';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { createAttribute, deleteAttribute, listAttributes, updateAttribute } from './interview-attributes.service';
import { getDefaultPlan, getJobPlan, saveDefaultPlan, saveJobPlan } from './interview-plans.service';
import { saveMySignature, signatureOf } from './signatures.service';

/** Interview plans, the attribute library, and mail signatures (issue 15). */
export const plansRouter = Router();
const ZIdParams = z.object({ id: ZObjectId });
/** The attribute library is a company-settings list (manage-lists and its right); everyone of the company reads it. */
const listsRight = requireRight(CompanySettingsPages['manage-lists']);
/** The company default plan lives on /company-settings/preferences (its right; admins hold every right). */
const preferencesRight = requireRight(CompanySettingsPages.preferences);

plansRouter.get(apiPath(InterviewApi.attributes), requireAuth, async (req, res) => {
  res.json(await listAttributes(tenantOf(req)));
});
plansRouter.post(apiPath(InterviewApi.attributes), requireAuth, listsRight, validate({ body: ZInterviewAttributeInput }), async (req, res) => {
  res.status(201).json(await createAttribute(tenantOf(req), req.body));
});
plansRouter.put(apiPath(InterviewApi.attribute), requireAuth, listsRight, validate({ params: ZIdParams, body: ZInterviewAttributeInput }), async (req, res) => {
  res.json(await updateAttribute(tenantOf(req), req.params.id as string, req.body));
});
plansRouter.delete(apiPath(InterviewApi.attribute), requireAuth, listsRight, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await deleteAttribute(tenantOf(req), req.params.id as string));
});

plansRouter.get(apiPath(InterviewApi.defaultPlan), requireAuth, async (req, res) => {
  res.json(await getDefaultPlan(tenantOf(req)));
});
plansRouter.put(apiPath(InterviewApi.defaultPlan), requireAuth, preferencesRight, validate({ body: ZInterviewPlanInput }), async (req, res) => {
  res.json(await saveDefaultPlan(tenantOf(req), authOf(req).userId, req.body));
});
plansRouter.get(apiPath(InterviewApi.jobPlan), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getJobPlan(tenantOf(req), authOf(req).user, req.params.id as string));
});
plansRouter.put(apiPath(InterviewApi.jobPlan), requireAuth, validate({ params: ZIdParams, body: ZInterviewPlanInput }), async (req, res) => {
  res.json(await saveJobPlan(tenantOf(req), authOf(req).user, req.params.id as string, req.body));
});

plansRouter.put(apiPath(InterviewApi.mySignature), requireAuth, validate({ body: ZSignatureInput }), async (req, res) => {
  res.json(await saveMySignature(tenantOf(req), authOf(req).userId, (req.body as z.infer<typeof ZSignatureInput>).signature));
});
/** SPEC: POST /api/templates/getsignature. */
plansRouter.post(apiPath(InterviewApi.signature), requireAuth, validate({ body: ZSignatureRequest }), async (req, res) => {
  res.json(await signatureOf(tenantOf(req), authOf(req).user, (req.body as z.infer<typeof ZSignatureRequest>).userId));
});
