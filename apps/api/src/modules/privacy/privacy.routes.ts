import { Router } from 'express';
import { auditRouter } from './audit/audit.routes';
import { companyExportRouter } from './company-export/company-export.routes';
import { consentSettingsRouter } from './consent/consent.routes';
import { erasureRouter } from './erasure/erasure.routes';
import { retentionRouter } from './retention/retention.routes';

/** /api/privacy (contracts privacy.ts PrivacyApi): every call is for company users with the companySettings right. */
export const privacyRouter = Router();
privacyRouter.use(consentSettingsRouter);
privacyRouter.use(erasureRouter);
privacyRouter.use(retentionRouter);
privacyRouter.use(auditRouter);
privacyRouter.use(companyExportRouter);
