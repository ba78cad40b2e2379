import { Router } from 'express';

export const manageAgenciesRouter = Router();
