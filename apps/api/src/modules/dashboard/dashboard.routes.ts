import { Router } from 'express';
import { DashboardApi } from '@hireflow/contracts/dashboard';
import { authOf, requireAuth, tenantOf } from '../../lib/auth';
import { recentActivity } from './dashboard-activity.service';

const path = (p: string) => p.replace(/^\/api/, '');

/** The dashboard's own calls (each area's cards call that area's API). */
export const dashboardRouter = Router();

dashboardRouter.get(path(DashboardApi.activity), requireAuth, async (req, res) => {
  const customerId = tenantOf(req);
  res.json(await recentActivity({ user: authOf(req).user, customerId }));
});
