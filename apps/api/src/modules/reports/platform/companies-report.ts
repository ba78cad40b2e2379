import type { TReportColumn } from '@hireflow/contracts/reports';
import { Customer } from '../../org/customer.model';
import { PlatformAudit } from '../../superadmin/platform-audit';
import { defineReport, emptyBody, sumRows } from '../report-kit';
import { ReportTally } from '../tallies/report-tally.model';
import { companyMatch, monthsOf } from './platform-kit';

const columns: TReportColumn[] = [
  { key: 'month', label: 'Month', kind: 'text' },
  { key: 'signedUp', label: 'Signed up', kind: 'count' },
  { key: 'authorised', label: 'Authorised', kind: 'count' },
  { key: 'suspended', label: 'Suspended', kind: 'count' },
  { key: 'reinstated', label: 'Reinstated', kind: 'count' },
  { key: 'active', label: 'Active (a user signed in)', kind: 'count' },
];

export const companiesReport = defineReport({
  name: 'companies',
  definition: [
    'Per month of the date range: companies that signed up (the company was created), that the platform authorised, suspended or reinstated (from the super admin history of each company), and that were active (at least one of their users signed in that month).',
    'The headline counts every company as it is now.',
  ],
  async compute(ctx) {
    const range = ctx.range!;
    const inRange = { $gte: range.from, $lt: range.until };
    const month = (field: string) => ({ $dateToString: { date: `$${field}`, format: '%Y-%m' } });
    const [signups, audits, active, now] = await Promise.all([
      Customer.aggregate<{ _id: string; n: number }>([{ $match: { ...companyMatch(ctx, '_id'), createdAt: inRange } }, { $group: { _id: month('createdAt'), n: { $sum: 1 } } }]),
      PlatformAudit.aggregate<{ _id: { month: string; action: string }; n: number }>([{ $match: { ...companyMatch(ctx, 'companyId'), action: { $in: ['company.authorise', 'company.suspend', 'company.reinstate'] }, createdAt: inRange } }, { $group: { _id: { month: month('createdAt'), action: '$action' }, n: { $sum: 1 } } }]),
      ctx.aggregate<{ _id: string; n: number }>(ReportTally, [
        { $match: { dim: 'user', day: inRange, 'n.signIns': { $gt: 0 } } },
        { $group: { _id: { month: month('day'), customerId: '$customerId' } } },
        { $group: { _id: '$_id.month', n: { $sum: 1 } } },
      ]),
      Customer.aggregate<{ companies: number; authorised: number; suspended: number }>([
        { $match: companyMatch(ctx, '_id') },
        { $group: { _id: null, companies: { $sum: 1 }, authorised: { $sum: { $cond: ['$isAuthorized', 1, 0] } }, suspended: { $sum: { $cond: [{ $eq: ['$status', 'suspended'] }, 1, 0] } } } },
      ]),
    ]);
    const signed = new Map(signups.map((s) => [s._id, s.n]));
    const actions = new Map(audits.map((a) => [`${a._id.month}|${a._id.action}`, a.n]));
    const activeBy = new Map(active.map((a) => [a._id, a.n]));
    const rows = monthsOf(range.from, range.until).map((m) => ({
      month: m,
      signedUp: signed.get(m) ?? 0,
      authorised: actions.get(`${m}|company.authorise`) ?? 0,
      suspended: actions.get(`${m}|company.suspend`) ?? 0,
      reinstated: actions.get(`${m}|company.reinstate`) ?? 0,
      active: activeBy.get(m) ?? 0,
    }));
    // A company active in two months is one company, not two: the active column has no sum.
    const totals = sumRows(rows, columns, ['signedUp', 'authorised', 'suspended', 'reinstated']);
    const current = now[0] ?? { companies: 0, authorised: 0, suspended: 0 };
    if (!current.companies) return emptyBody('There is no company on the platform yet.', columns, { kind: 'bar', indexKey: 'month' });
    return {
      headline: [
        { label: 'Companies', value: current.companies, kind: 'count' },
        { label: 'Authorised now', value: current.authorised, kind: 'count' },
        { label: 'Suspended now', value: current.suspended, kind: 'count' },
        { label: 'Signed up in the period', value: totals.signedUp ?? 0, kind: 'count' },
      ],
      chart: {
        kind: 'bar',
        indexKey: 'month',
        series: [{ key: 'signedUp', label: 'Signed up' }, { key: 'authorised', label: 'Authorised' }, { key: 'suspended', label: 'Suspended' }, { key: 'active', label: 'Active' }],
        data: rows,
        unit: 'count',
        summary: `${totals.signedUp} signed up, ${totals.authorised} authorised and ${totals.suspended} suspended from ${range.fromDay} to ${range.toDay}. Active companies per month: ${rows.map((r) => `${r.month} ${r.active}`).join(', ')}.`,
        reference: null,
      },
      columns,
      rows,
      totals,
      empty: null,
    };
  },
});
