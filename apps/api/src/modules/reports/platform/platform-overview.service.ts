import type { TPlatformReportsOverview } from '@hireflow/contracts/reports';

/** GET /api/superadmin/reports: platform figures and the companies the super admin can choose from. */
export async function platformReportsOverview(_now: Date): Promise<TPlatformReportsOverview> {
  return { cards: [], companies: [] };
}
