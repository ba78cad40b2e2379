import type { TReportColumn } from '@hireflow/contracts/reports';
import { defineReport, emptyBody, sumRows } from '../report-kit';
import { companyNames } from './platform-kit';

const columns: TReportColumn[] = [
  { key: 'company', label: 'Company', kind: 'text' },
  { key: 'signIns', label: 'Sign-ins', kind: 'count' },
  { key: 'actions', label: 'Actions', kind: 'count' },
  { key: 'applications', label: 'Applications', kind: 'count' },
  { key: 'hires', label: 'Hires', kind: 'count' },
];
const ChartCompanies = 20;

export const usagePerCompanyReport = defineReport({
  name: 'usage-per-company',
  definition: [
    'Per company, in the date range: sign-ins and actions of its users (moves, notes, interviews scheduled, offers, mails and the other recorded actions), applications created (by the day they were created) and hires (an application’s first move into a hired stage).',
  ],
  async compute(ctx) {
    const range = ctx.range!;
    const [usage, pipeline] = await Promise.all([
      ctx.tallies({ dim: 'user', counters: ['signIns', 'actions'], groupBy: 'customer' }),
      ctx.tallies({ dim: 'src', counters: ['applied', 'hired'], groupBy: 'customer' }),
    ]);
    const byCompany = new Map<string, { signIns: number; actions: number; applications: number; hires: number }>();
    const entry = (id: string) => byCompany.get(id) ?? byCompany.set(id, { signIns: 0, actions: 0, applications: 0, hires: 0 }).get(id)!;
    for (const u of usage) Object.assign(entry(u.id), { signIns: u.sums.signIns ?? 0, actions: u.sums.actions ?? 0 });
    for (const p of pipeline) Object.assign(entry(p.id), { applications: p.sums.applied ?? 0, hires: p.sums.hired ?? 0 });
    for (const [id, v] of byCompany) if (!v.signIns && !v.actions && !v.applications && !v.hires) byCompany.delete(id);
    if (!byCompany.size) return emptyBody('No company used the product in this period.', columns, { kind: 'bar', indexKey: 'company' });
    const names = await companyNames(byCompany.keys());
    const rows = [...byCompany]
      .map(([id, v]) => ({ company: names.get(id) ?? '(deleted company)', ...v }))
      .sort((a, b) => b.actions + b.signIns - (a.actions + a.signIns) || a.company.localeCompare(b.company));
    const totals = sumRows(rows, columns, ['signIns', 'actions', 'applications', 'hires']);
    const shown = rows.slice(0, ChartCompanies);
    return {
      headline: [
        { label: 'Sign-ins', value: totals.signIns, kind: 'count' },
        { label: 'Actions', value: totals.actions, kind: 'count' },
        { label: 'Applications', value: totals.applications, kind: 'count' },
        { label: 'Hires', value: totals.hires, kind: 'count' },
      ],
      chart: {
        kind: 'bar',
        indexKey: 'company',
        series: [{ key: 'signIns', label: 'Sign-ins' }, { key: 'actions', label: 'Actions' }, { key: 'applications', label: 'Applications' }, { key: 'hires', label: 'Hires' }],
        data: shown,
        unit: 'count',
        summary: `${rows.length} ${rows.length === 1 ? 'company' : 'companies'} from ${range.fromDay} to ${range.toDay}: ${totals.signIns} sign-ins, ${totals.actions} actions, ${totals.applications} applications, ${totals.hires} hires.${rows.length > ChartCompanies ? ` The chart shows the ${ChartCompanies} busiest.` : ''}`,
        reference: null,
      },
      columns,
      rows,
      totals,
      empty: null,
    };
  },
});
