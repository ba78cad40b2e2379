import { Router, type Request } from 'express';
import { ReferralRewardApi, RewardMessages, ZForfeitRewardRequest, ZReferralSettingsInput, ZRewardsQuery, type TRewardsQuery } from '@hireflow/contracts/referral-rewards';
import { ZIdParams } from '@hireflow/contracts/jobs';
import { AppError } from '../../../lib/app-error';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { XlsxType } from '../../users/users-export';
import { apiPath } from '../../jobs/jobs.context';
import { recordExportAudit } from '../../privacy/audit/audit';
import { getReferralSettings, saveReferralSettings } from './referral-settings.service';
import { approveReward, forfeitReward, getReward, listRewards, payReward, rewardFilter, type RewardsContext } from './rewards.service';
import { rewardsExportFileName, writeRewardsExport } from './rewards-export';
import './reward-on-hire';

/** Referral rewards and their rules (company-settings/referral-settings). */
export const rewardsRouter = Router();

const ctxOf = (req: Request): RewardsContext => ({
  customerId: tenantOf(req),
  actor: authOf(req).user,
  mail: { config: req.app.locals.config, logger: req.log },
  now: new Date(clockOf(req).now()),
});
const idOf = (req: Request) => req.params.id as string;

rewardsRouter.get(apiPath(ReferralRewardApi.settings), requireAuth, async (req, res) => {
  res.json(await getReferralSettings({ customerId: tenantOf(req), canEdit: authOf(req).rights.has('advanceSettings') }));
});

rewardsRouter.put(apiPath(ReferralRewardApi.settings), requireAuth, requireRight('advanceSettings'), validate({ body: ZReferralSettingsInput }), async (req, res) => {
  const customerId = tenantOf(req);
  await saveReferralSettings({ customerId, actorId: authOf(req).userId, input: req.body });
  res.json(await getReferralSettings({ customerId, canEdit: true }));
});

rewardsRouter.get(apiPath(ReferralRewardApi.rewards), requireAuth, validate({ query: ZRewardsQuery }), async (req, res) => {
  res.json(await listRewards(ctxOf(req), req.query as unknown as TRewardsQuery));
});

// The fixed export path before /referral-rewards/:id.
rewardsRouter.get(apiPath(ReferralRewardApi.export), requireAuth, validate({ query: ZRewardsQuery.pick({ status: true }) }), async (req, res) => {
  const ctx = ctxOf(req);
  if (!ctx.actor.admin) throw AppError.forbidden(RewardMessages.onlyAdmins);
  const filter = rewardFilter(ctx, req.query as Pick<TRewardsQuery, 'status'>);
  res.setHeader('Content-Type', XlsxType);
  res.setHeader('Content-Disposition', `attachment; filename="${rewardsExportFileName(ctx.now)}"`);
  res.setHeader('Cache-Control', 'no-store');
  await recordExportAudit({ customerId: ctx.customerId, userId: ctx.actor._id, at: ctx.now, detail: 'Referral rewards exported to Excel' });
  try {
    await writeRewardsExport({ customerId: ctx.customerId, filter, out: res });
  } catch (error) {
    // Headers and part of the file are already out: cut the download so the browser reports a failure.
    req.log.error({ err: error }, 'referral rewards export failed');
    res.destroy(error as Error);
  }
});

rewardsRouter.get(apiPath(ReferralRewardApi.reward), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await getReward(ctxOf(req), idOf(req)));
});

rewardsRouter.post(apiPath(ReferralRewardApi.approve), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await approveReward(ctxOf(req), idOf(req)));
});

rewardsRouter.post(apiPath(ReferralRewardApi.pay), requireAuth, validate({ params: ZIdParams }), async (req, res) => {
  res.json(await payReward(ctxOf(req), idOf(req)));
});

rewardsRouter.post(apiPath(ReferralRewardApi.forfeit), requireAuth, validate({ params: ZIdParams, body: ZForfeitRewardRequest }), async (req, res) => {
  res.json(await forfeitReward(ctxOf(req), idOf(req), req.body.reason));
});
