import type { TReportColumn } from '@hireflow/contracts/reports';
import { User } from '../../users/user.model';
import { defineReport, emptyBody, percent, sumRows } from '../report-kit';
import { ReportTally } from '../tallies/report-tally.model';
import { companyMatch, companyNames, weekOfDay, weeksOf } from './platform-kit';

const columns: TReportColumn[] = [
  { key: 'company', label: 'Company', kind: 'text' },
  { key: 'users', label: 'Active accounts', kind: 'count' },
  { key: 'activeUsers', label: 'Users who signed in', kind: 'count' },
  { key: 'share', label: 'Share signed in', kind: 'percent' },
  { key: 'signIns', label: 'Sign-ins', kind: 'count' },
];

export const activeUsersReport = defineReport({
  name: 'active-users',
  definition: [
    'A user is active in a period when they signed in at least once in it (sign-ins are counted per user and day as they happen).',
    'Per company: the users who signed in during the date range, their share of the company’s active accounts, and the sign-ins. The chart shows, per week (Monday to Sunday), the users who signed in that week.',
  ],
  async compute(ctx) {
    const range = ctx.range!;
    const signedIn = { $match: { dim: 'user', day: { $gte: range.from, $lt: range.until }, 'n.signIns': { $gt: 0 } } };
    const [perCompany, perWeek, signInsByCompany, accounts] = await Promise.all([
      ctx.aggregate<{ _id: unknown; n: number }>(ReportTally, [signedIn, { $group: { _id: { customerId: '$customerId', key: '$key' } } }, { $group: { _id: '$_id.customerId', n: { $sum: 1 } } }]),
      ctx.aggregate<{ _id: string; n: number }>(ReportTally, [signedIn, { $group: { _id: { week: weekOfDay, key: '$key' } } }, { $group: { _id: '$_id.week', n: { $sum: 1 } } }]),
      ctx.tallies({ dim: 'user', counters: ['signIns'], groupBy: 'customer' }),
      User.aggregate<{ _id: unknown; n: number }>([{ $match: { ...companyMatch(ctx, 'customerId'), ...(ctx.scope.customerId ? {} : { customerId: { $ne: null } }), status: 'active' } }, { $group: { _id: '$customerId', n: { $sum: 1 } } }]).option({ crossTenant: true } as never),
    ]);
    const active = new Map(perCompany.map((r) => [String(r._id), r.n]));
    const signIns = new Map(signInsByCompany.map((r) => [r.id, r.sums.signIns ?? 0]));
    const users = new Map(accounts.map((r) => [String(r._id), r.n]));
    const ids = [...active.keys()];
    if (!ids.length) return emptyBody('Nobody signed in during this period.', columns, { kind: 'line', indexKey: 'week' });
    const names = await companyNames(ids);
    const rows = ids
      .map((id) => ({ company: names.get(id) ?? '(deleted company)', users: users.get(id) ?? 0, activeUsers: active.get(id)!, share: percent(active.get(id)!, users.get(id) ?? 0), signIns: signIns.get(id) ?? 0 }))
      .sort((a, b) => b.activeUsers - a.activeUsers || a.company.localeCompare(b.company));
    const totals = sumRows(rows, columns, ['users', 'activeUsers', 'signIns']);
    totals.share = percent(Number(totals.activeUsers), Number(totals.users));
    const weekly = new Map(perWeek.map((w) => [w._id, w.n]));
    const data = weeksOf(range.from, range.until).map((week) => ({ week, activeUsers: weekly.get(week) ?? 0 }));
    return {
      headline: [
        { label: 'Users who signed in', value: totals.activeUsers, kind: 'count' },
        { label: 'Sign-ins', value: totals.signIns, kind: 'count' },
        { label: 'Companies with a sign-in', value: rows.length, kind: 'count' },
      ],
      chart: {
        kind: 'line',
        indexKey: 'week',
        series: [{ key: 'activeUsers', label: 'Users who signed in' }],
        data,
        unit: 'count',
        summary: `${totals.activeUsers} users of ${rows.length} ${rows.length === 1 ? 'company' : 'companies'} signed in ${totals.signIns} times from ${range.fromDay} to ${range.toDay}. Per week (from Monday): ${data.map((d) => `${d.week} ${d.activeUsers}`).join(', ')}.`,
        reference: null,
      },
      columns,
      rows,
      totals,
      empty: null,
    };
  },
});
