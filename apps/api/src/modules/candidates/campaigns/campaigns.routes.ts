import { Router, type Request } from 'express';
import { CampaignsApi, ZAddRecipientsRequest, ZCampaignPageQuery, ZCreateCampaignRequest, ZPreviewQuery, ZSendCampaignRequest, ZUpdateCampaignRequest } from '@hireflow/contracts/candidates-campaigns';
import { ZCandidateIdParams } from '@hireflow/contracts/candidates';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { limitByIp } from '../../../lib/rate-limit';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { addRecipients, cancelCampaign, createCampaign, getCampaign, listCampaigns, previewCampaign, sendCampaign, updateCampaign } from './campaigns.service';
import { answerUnsubscribe, unsubscribe } from './unsubscribe';

export const campaignsRouter = Router();

const caller = (req: Request) => ({ ...authOf(req), customerId: tenantOf(req) });
const now = (req: Request) => new Date(clockOf(req).now());
const id = (req: Request) => req.params.id as string;
const ZIdParams = ZCandidateIdParams;

// Public: the link in every campaign mail (GET from a mail client, POST for one-click List-Unsubscribe).
const unsubscribeLimit = limitByIp({ name: 'campaign-unsubscribe', max: 60, windowSeconds: 600 });
for (const method of ['get', 'post'] as const) {
  campaignsRouter[method](apiPath(CampaignsApi.unsubscribe), unsubscribeLimit, async (req, res) => {
    answerUnsubscribe(req, res, await unsubscribe(req.app.locals.config.jwtSecret, String(req.params.token), now(req)));
  });
}

campaignsRouter.get(apiPath(CampaignsApi.campaigns), requireAuth, async (req, res) => {
  res.json(await listCampaigns(caller(req)));
});

campaignsRouter.post(apiPath(CampaignsApi.campaigns), requireAuth, validate({ body: ZCreateCampaignRequest }), async (req, res) => {
  res.status(201).json(await createCampaign(caller(req), req.body));
});

campaignsRouter.get(apiPath(CampaignsApi.campaign), requireAuth, validate({ params: ZIdParams, query: ZCampaignPageQuery }), async (req, res) => {
  res.json(await getCampaign(caller(req), id(req), (req.query as unknown as { page: number }).page));
});

campaignsRouter.patch(apiPath(CampaignsApi.campaign), requireAuth, validate({ params: ZIdParams, body: ZUpdateCampaignRequest }), async (req, res) => {
  res.json(await updateCampaign(caller(req), id(req), req.body));
});

campaignsRouter.post(apiPath(CampaignsApi.recipients), requireAuth, validate({ params: ZIdParams, body: ZAddRecipientsRequest }), async (req, res) => {
  res.json(await addRecipients(caller(req), id(req), req.body.candidateIds));
});

campaignsRouter.get(apiPath(CampaignsApi.preview), requireAuth, validate({ params: ZIdParams, query: ZPreviewQuery }), async (req, res) => {
  res.json(await previewCampaign(caller(req), req.app.locals.config, id(req), (req.query as { candidateId?: string }).candidateId));
});

campaignsRouter.post(apiPath(CampaignsApi.send), requireAuth, validate({ params: ZIdParams, body: ZSendCampaignRequest }), async (req, res) => {
  res.json(await sendCampaign(caller(req), id(req), req.body.scheduledAt, now(req)));
});

campaignsRouter.post(apiPath(CampaignsApi.cancel), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await cancelCampaign(caller(req), id(req), now(req)));
});
