import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { ZObjectId } from '@hireflow/contracts/common';
import {
  CustomFieldEntities,
  DomainsRight,
  OrgCreateSchemas,
  OrgKindRights,
  OrgKinds,
  OrgUpdateSchemas,
  ZDomain,
  ZDomainProofRequest,
  ZDomainRequest,
  ZProveDomainRequest,
  ZOrgListQuery,
  ZOrgStatusRequest,
  type TOrgKind,
  type TOrgListQueryParsed,
} from '@hireflow/contracts/org';
import { AppError } from '../../lib/app-error';
import { authOf, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { limitByIp } from '../../lib/rate-limit';
import { describeZodError, validate } from '../../lib/validate';
import { createOrgItem, listOrgItems, listOrgOptions, orgItemUsage, removeOrgItem, setOrgItemStatus, updateOrgItem } from './org.service';
import { addDomain, listDomains, proveDomain, removeDomain, renameDomain, sendDomainProof } from './domains.service';

/** Business units, departments, locations, campuses, clients, job codes, lists, tags, sources, custom fields, domains. */
export const orgRouter = Router();

const ZKind = z.enum(OrgKinds, { error: `must be one of ${OrgKinds.join(', ')}` });
const ZKindParams = z.object({ kind: ZKind });
const ZItemParams = z.object({ kind: ZKind, id: ZObjectId });
const kindOf = (req: { params: unknown }) => (req.params as { kind: TOrgKind }).kind;
const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;

/** The access right of the kind's settings page (CompanySettingsPages), checked on the server. */
const requireKindRight: RequestHandler = (req, res, next) => requireRight(OrgKindRights[kindOf(req)])(req, res, next);

/**
 * Parses the body with the kind's own schema. For updates only the fields the client sent are kept,
 * so a default of the create schema never overwrites a stored value.
 */
function validateBody(schemas: Record<TOrgKind, z.ZodType>, { onlySent = false } = {}): RequestHandler {
  return (req, _res, next) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const result = schemas[kindOf(req)].safeParse(raw);
    if (!result.success) return next(AppError.badRequest(describeZodError(result.error)));
    const data = result.data as Record<string, unknown>;
    req.body = onlySent ? Object.fromEntries(Object.entries(data).filter(([key]) => key in raw)) : data;
    next();
  };
}

orgRouter.get('/org/:kind/options', requireAuth, validate({ params: ZKindParams, query: z.object({ entity: z.enum(CustomFieldEntities).optional() }) }), async (req, res) => {
  res.json(await listOrgOptions({ customerId: tenantOf(req), kind: kindOf(req), entity: (req.query as { entity?: string }).entity }));
});

orgRouter.get('/org/:kind', requireAuth, validate({ params: ZKindParams, query: ZOrgListQuery }), requireKindRight, async (req, res) => {
  res.json(await listOrgItems({ customerId: tenantOf(req), kind: kindOf(req), query: req.query as unknown as TOrgListQueryParsed }));
});

orgRouter.post('/org/:kind', requireAuth, validate({ params: ZKindParams }), requireKindRight, validateBody(OrgCreateSchemas), async (req, res) => {
  res.status(201).json({ item: await createOrgItem({ customerId: tenantOf(req), kind: kindOf(req), input: req.body }) });
});

orgRouter.post('/org/:kind/:id', requireAuth, validate({ params: ZItemParams }), requireKindRight, validateBody(OrgUpdateSchemas, { onlySent: true }), async (req, res) => {
  res.json({ item: await updateOrgItem({ customerId: tenantOf(req), kind: kindOf(req), id: idOf(req), input: req.body }) });
});

orgRouter.post('/org/:kind/:id/status', requireAuth, validate({ params: ZItemParams, body: ZOrgStatusRequest }), requireKindRight, async (req, res) => {
  res.json({ item: await setOrgItemStatus({ customerId: tenantOf(req), kind: kindOf(req), id: idOf(req), status: req.body.status }) });
});

orgRouter.get('/org/:kind/:id/usage', requireAuth, validate({ params: ZItemParams }), requireKindRight, async (req, res) => {
  res.json(await orgItemUsage({ customerId: tenantOf(req), kind: kindOf(req), id: idOf(req) }));
});

orgRouter.delete('/org/:kind/:id', requireAuth, validate({ params: ZItemParams }), requireKindRight, async (req, res) => {
  await removeOrgItem({ customerId: tenantOf(req), kind: kindOf(req), id: idOf(req) });
  res.status(204).end();
});

const ZDomainParams = z.object({ domain: ZDomain });
const domainOf = (req: { params: unknown }) => (req.params as { domain: string }).domain;

orgRouter.get('/org-domains', requireAuth, requireRight(DomainsRight), async (req, res) => {
  res.json(await listDomains({ customerId: tenantOf(req) }));
});
orgRouter.post('/org-domains', requireAuth, requireRight(DomainsRight), validate({ body: ZDomainRequest }), async (req, res) => {
  res.status(201).json(await addDomain({ customerId: tenantOf(req), actor: authOf(req).user, domain: req.body.domain }));
});
orgRouter.post('/org-domains/:domain', requireAuth, requireRight(DomainsRight), validate({ params: ZDomainParams, body: ZDomainRequest }), async (req, res) => {
  res.json(await renameDomain({ customerId: tenantOf(req), actor: authOf(req).user, from: domainOf(req), to: req.body.domain }));
});
orgRouter.delete('/org-domains/:domain', requireAuth, requireRight(DomainsRight), validate({ params: ZDomainParams }), async (req, res) => {
  res.json(await removeDomain({ customerId: tenantOf(req), domain: domainOf(req) }));
});
orgRouter.post('/org-domains/:domain/proof', requireAuth, requireRight(DomainsRight), validate({ params: ZDomainParams, body: ZDomainProofRequest }), async (req, res) => {
  const ctx = { config: req.app.locals.config, logger: req.log };
  res.json(await sendDomainProof(ctx, { customerId: tenantOf(req), actor: authOf(req).user, domain: domainOf(req), email: req.body.email }));
});

/** Opened from the proof mail by whoever reads mail at the domain, signed in or not. */
const proveByIp = { name: 'ip-domain-proof', max: 30, windowSeconds: 15 * 60 };
orgRouter.post('/domain-proof', limitByIp(proveByIp), validate({ body: ZProveDomainRequest }), async (req, res) => {
  res.json(await proveDomain({ key: req.body.key }));
});
