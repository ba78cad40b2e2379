import { Router } from 'express';

/** The public REST API (/api/v1, API-key auth) and its OpenAPI document (/api/docs). Stub: being built in issue 20. */
export const publicApiRouter = Router();
