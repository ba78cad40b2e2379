import type { Request } from 'express';
import { authOf, tenantOf } from '../../lib/auth';
import type { JobsMailContext } from './jobs.mail';

/** What every jobs service call needs from the request: the company, the caller, and mail. */
export function jobsContext(req: Request) {
  const customerId = tenantOf(req);
  const actor = authOf(req).user;
  const mail: JobsMailContext = { config: req.app.locals.config, logger: req.log };
  return { customerId, actor, mail };
}

/** Contract paths are absolute (/api/...); these routers are mounted under /api. */
export const apiPath = (absolute: string) => absolute.replace(/^\/api/, '');
