import type { TReportColumn } from '@hireflow/contracts/reports';
import { User } from '../../users/user.model';
import { defineReport, emptyBody, sumRows, round1 } from '../report-kit';
import { UsageCounters } from './activity-tallies';
import { dayString, DayMs, userNames } from './report-names';

/** Days up to which the chart shows one point per day; wider ranges show weeks (from Monday). */
const DailyUpTo = 92;

export const usage = defineReport({
  name: 'usage',
  definition: [
    'Sign-ins: each time a person of the company signed in (password, one-time code, Google or Microsoft), counted on the day (UTC) it happened.',
    'Actions: each change a signed-in person made that succeeded (saving, moving, sending, deleting...); looking at pages is not an action.',
    'Both are recorded from the day this report was introduced. The business unit, department and location filters select people by their own business unit, department and location; the recruiter filter selects one person.',
  ],
  async compute(ctx) {
    const range = ctx.range!;
    const columns: TReportColumn[] = [
      { key: 'user', label: 'Person', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'text' },
      { key: 'signIns', label: 'Sign-ins', kind: 'count' },
      { key: 'actions', label: 'Actions', kind: 'count' },
    ];
    const weekly = (range.until.getTime() - range.from.getTime()) / DayMs > DailyUpTo;
    const series = [{ key: 'signIns', label: 'Sign-ins' }, { key: 'actions', label: 'Actions' }];
    const chartShape = { kind: 'line' as const, indexKey: 'period', series };

    let keys: string[] | undefined;
    const f = ctx.filters;
    if (f.businessUnitId || f.departmentId || f.locationId || f.recruiterId) {
      const match: Record<string, unknown> = { ...ctx.tenant };
      if (f.businessUnitId) match.buItemId = f.businessUnitId;
      if (f.departmentId) match.department = f.departmentId;
      if (f.locationId) match.location = f.locationId;
      if (f.recruiterId) match._id = f.recruiterId;
      keys = (await User.find(match, { _id: 1 }).setOptions({ crossTenant: ctx.crossTenant }).lean()).map((u) => String(u._id));
      if (!keys.length) return emptyBody('Nobody matches the filters.', columns, chartShape);
    }
    const [perUser, perPeriod] = await Promise.all([
      ctx.tallies({ dim: 'user', counters: UsageCounters, groupBy: 'key', keys }),
      ctx.tallies({ dim: 'user', counters: UsageCounters, groupBy: weekly ? 'week' : 'day', keys }),
    ]);
    const active = perUser.filter((r) => r.sums.signIns + r.sums.actions > 0);
    if (!active.length) return emptyBody('Nobody signed in or changed anything in this date range (sign-ins and actions are recorded from the day this report was introduced).', columns, chartShape);
    const names = await userNames(ctx, active.map((r) => r.id));
    const rows = active
      .map((r) => ({ user: names.get(r.id)?.name ?? '(removed user)', email: names.get(r.id)?.email ?? '', signIns: r.sums.signIns, actions: r.sums.actions }))
      .sort((a, b) => b.actions + b.signIns - (a.actions + a.signIns) || a.user.localeCompare(b.user));

    // Every day (or week) of the range is a point, zero when nothing happened.
    const byPeriod = new Map(perPeriod.map((r) => [r.id, r.sums]));
    const data: { period: string; signIns: number; actions: number }[] = [];
    let at = range.from;
    if (weekly) at = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DayMs);
    for (; at < range.until; at = new Date(at.getTime() + (weekly ? 7 : 1) * DayMs)) {
      const s = byPeriod.get(dayString(at));
      data.push({ period: dayString(at), signIns: s?.signIns ?? 0, actions: s?.actions ?? 0 });
    }
    const totals = sumRows(rows, columns, ['signIns', 'actions']);
    const signIns = Number(totals.signIns);
    const actions = Number(totals.actions);
    const busiest = data.reduce((a, b) => (b.actions > a.actions ? b : a), data[0]!);
    return {
      headline: [
        { label: 'Sign-ins', value: signIns, kind: 'count' },
        { label: 'Actions', value: actions, kind: 'count' },
        { label: 'Active people', value: rows.length, kind: 'count' },
        { label: 'Actions per active person', value: round1(actions / rows.length), kind: 'number' },
      ],
      chart: {
        ...chartShape,
        data,
        unit: 'count',
        summary: `${signIns} sign-ins and ${actions} actions by ${rows.length} ${rows.length === 1 ? 'person' : 'people'}, per ${weekly ? 'week (from Monday)' : 'day'}; the busiest ${weekly ? 'week began' : 'day was'} ${busiest.period} with ${busiest.actions} actions.`,
        reference: null,
      },
      columns,
      rows,
      totals,
      empty: null,
    };
  },
});
