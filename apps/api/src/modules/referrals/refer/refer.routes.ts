import { Router } from 'express';

export const referRouter = Router();
