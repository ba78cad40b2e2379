import type { TCell, TReportColumn } from '@hireflow/contracts/reports';
import { ApplicationSources } from '@hireflow/contracts/candidates';
import { defineReport, percent, type ReportBody } from '../report-kit';
import { cohortOf, noJobsReason, plural, rangeWords, sourceLabel, sourceWords } from './pipeline-shared';

const columns: TReportColumn[] = [
  { key: 'source', label: 'Source', kind: 'text' },
  { key: 'applications', label: 'Applications', kind: 'count' },
  { key: 'interview', label: 'Reached interview', kind: 'count' },
  { key: 'offer', label: 'Offers', kind: 'count' },
  { key: 'hired', label: 'Hires', kind: 'count' },
  { key: 'hireRate', label: 'Hire rate', kind: 'percent' },
];

export const sourceActivityReport = defineReport({
  name: 'source-activity',
  definition: [
    "Per first-touch source (how the candidate first came to the application: career site, referral, agency, sourced or imported), the applications created in the date range and how far they have gone since: reached an interview stage, reached an offer stage, were hired.",
    'Each application counts once per stage however often it entered it. Hire rate: hires divided by applications.',
  ],
  async compute(ctx): Promise<ReportBody> {
    const none = noJobsReason(ctx);
    const empty = (reason: string): ReportBody => ({ headline: [], chart: { kind: 'none', indexKey: 'source', series: [], data: [], unit: 'count', summary: reason, reference: null }, columns, rows: [], totals: null, empty: reason });
    if (none) return empty(none);
    const cohorts = await cohortOf(ctx, 'source');
    const rows: Record<string, TCell>[] = [];
    for (const source of ApplicationSources) {
      const c = cohorts.get(source);
      if (!c || c.applied === 0) continue;
      rows.push({ source: sourceLabel(source), applications: c.applied, interview: c.reached.interview, offer: c.reached.offer, hired: c.reached.hired, hireRate: percent(c.reached.hired, c.applied) });
    }
    rows.sort((a, b) => Number(b.applications) - Number(a.applications));
    const sum = (key: string) => rows.reduce((a, r) => a + Number(r[key] ?? 0), 0);
    const totals: Record<string, TCell> = { source: 'Total', applications: sum('applications'), interview: sum('interview'), offer: sum('offer'), hired: sum('hired') };
    totals.hireRate = percent(Number(totals.hired), Number(totals.applications));
    if (!rows.length) return empty(`No applications${sourceWords(ctx)} were created ${rangeWords(ctx)}${ctx.jobIds !== null ? ' in the chosen jobs' : ''}. Widen the date range${ctx.filters.source || ctx.jobIds !== null ? ' or clear a filter' : ''}.`);
    const best = rows.filter((r) => r.hireRate !== null).sort((a, b) => Number(b.hireRate) - Number(a.hireRate))[0];
    const summary =
      `Applications created ${rangeWords(ctx)} by source: ` +
      rows.map((r) => `${r.source} ${plural(Number(r.applications), 'application')}, ${r.interview} reached interview, ${plural(Number(r.offer), 'offer')}, ${plural(Number(r.hired), 'hire')} (hire rate ${r.hireRate ?? 0}%)`).join('; ') +
      '.';
    return {
      headline: [
        { label: 'Applications', value: Number(totals.applications), kind: 'count' },
        { label: 'Hires', value: Number(totals.hired), kind: 'count' },
        { label: 'Hire rate', value: totals.hireRate ?? null, kind: 'percent' },
        { label: 'Best hire rate', value: best && Number(totals.hired) > 0 ? `${best.source} (${best.hireRate}%)` : null, kind: 'text' },
      ],
      chart: {
        kind: 'bar',
        indexKey: 'source',
        series: [
          { key: 'applications', label: 'Applications' },
          { key: 'interview', label: 'Reached interview' },
          { key: 'offer', label: 'Offers' },
          { key: 'hired', label: 'Hires' },
        ],
        data: rows.map((r) => ({ source: r.source, applications: r.applications, interview: r.interview, offer: r.offer, hired: r.hired })),
        unit: 'count',
        summary,
        reference: null,
      },
      columns,
      rows,
      totals,
      empty: null,
    };
  },
});
