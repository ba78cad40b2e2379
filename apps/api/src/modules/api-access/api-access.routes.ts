import { Router } from 'express';

/** API keys and webhooks (company-settings/external-api-settings, right manageApiKeys). Stub: being built in issue 20. */
export const apiAccessRouter = Router();
