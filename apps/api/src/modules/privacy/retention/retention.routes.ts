import { Router } from 'express';
import { PrivacyApi, ZRetentionRules } from '@hireflow/contracts/privacy';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { clockOf } from '../../../lib/clock';
import { validate } from '../../../lib/validate';
import { listRetentionRuns, previewRetention } from './retention.service';

const path = (p: string) => p.replace(/^\/api/, '');

/**
 * Retention rules: who they would anonymise today (preview) and the log of runs. Mounted by privacy.routes.ts.
 * The rules are edited on the preferences page, so its right (not the privacy pages') guards both calls.
 */
export const retentionRouter = Router();
const preferencesRight = requireRight(CompanySettingsPages.preferences);

retentionRouter.post(path(PrivacyApi.retentionPreview), requireAuth, preferencesRight, validate({ body: ZRetentionRules }), async (req, res) => {
  res.json(await previewRetention({ customerId: tenantOf(req), rules: req.body, now: new Date(clockOf(req).now()) }));
});

retentionRouter.get(path(PrivacyApi.retentionRuns), requireAuth, preferencesRight, async (req, res) => {
  res.json(await listRetentionRuns({ customerId: tenantOf(req) }));
});
