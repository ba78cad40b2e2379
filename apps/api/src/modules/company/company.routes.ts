import { Router } from 'express';

/** The company's profile, logo, look and feel and preferences. Stub: being built in issue 20. */
export const companyRouter = Router();
