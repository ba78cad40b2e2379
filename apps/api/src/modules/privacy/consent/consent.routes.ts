import { Router } from 'express';

/** The company's privacy settings (notice, consent requirement and expiry, audit period) and consent renewal mails. Mounted by privacy.routes.ts. */
export const consentSettingsRouter = Router();
