import type { TPlatformReportsOverview } from '@hireflow/contracts/reports';
import { Customer } from '../../org/customer.model';
import { User } from '../../users/user.model';
import { ReportTally } from '../tallies/report-tally.model';
import { sumTallies } from '../tallies/tallies';

/** GET /api/superadmin/reports: platform figures and the companies the super admin can choose from. */
export async function platformReportsOverview(now: Date): Promise<TPlatformReportsOverview> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [companies, active, users, applied] = await Promise.all([
    Customer.find({}, { name: 1 }).sort({ name: 1, _id: 1 }).lean(),
    ReportTally.aggregate<{ n: number }>([{ $match: { dim: 'user', day: { $gte: monthStart }, 'n.signIns': { $gt: 0 } } }, { $group: { _id: '$customerId' } }, { $count: 'n' }]).option({ crossTenant: true } as never),
    User.countDocuments({ customerId: { $ne: null }, status: 'active' }).setOptions({ crossTenant: true }),
    sumTallies({ tenant: {}, crossTenant: true, dim: 'src', counters: ['applied'], groupBy: 'none', from: monthStart }),
  ]);
  return {
    cards: [
      { label: 'Companies', value: companies.length, kind: 'count' },
      { label: 'Active companies this month', value: active[0]?.n ?? 0, kind: 'count' },
      { label: 'Users', value: users, kind: 'count' },
      { label: 'Applications this month', value: applied[0]?.sums.applied ?? 0, kind: 'count' },
    ],
    companies: companies.map((c) => ({ id: String(c._id), name: c.name })),
  };
}
