import { Router } from 'express';
import { PrivacyApi, PrivacyMessages, ZPrivacySettings, type TConsentRenewalQueued } from '@hireflow/contracts/privacy';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { consentRenewalSummary, getPrivacySettings, updatePrivacySettings } from './consent.service';
import { queueConsentRenewals } from './consent.jobs';

const path = (p: string) => p.replace(/^\/api/, '');

/** The company's privacy settings (notice, consent requirement and expiry, audit period) and consent renewal mails. Mounted by privacy.routes.ts. */
export const consentSettingsRouter = Router();

const admin = [requireAuth, requireRight('companySettings')];

consentSettingsRouter.get(path(PrivacyApi.settings), ...admin, async (req, res) => {
  res.json(await getPrivacySettings({ customerId: tenantOf(req) }));
});

consentSettingsRouter.put(path(PrivacyApi.settings), ...admin, validate({ body: ZPrivacySettings }), async (req, res) => {
  res.json(await updatePrivacySettings({ customerId: tenantOf(req), input: req.body }));
});

consentSettingsRouter.get(path(PrivacyApi.consentRenewal), ...admin, async (req, res) => {
  res.json(await consentRenewalSummary({ customerId: tenantOf(req), now: new Date(clockOf(req).now()) }));
});

consentSettingsRouter.post(path(PrivacyApi.consentRenewal), ...admin, async (req, res) => {
  const queued = await queueConsentRenewals({ customerId: tenantOf(req), now: new Date(clockOf(req).now()), requestedBy: authOf(req).user._id });
  const body: TConsentRenewalQueued = { queued, message: PrivacyMessages.renewalQueued(queued) };
  res.json(body);
});
