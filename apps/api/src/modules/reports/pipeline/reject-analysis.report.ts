import { Types, type PipelineStage } from 'mongoose';
import type { TCell, TReportColumn } from '@hireflow/contracts/reports';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { User } from '../../users/user.model';
import { defineReport, type ReportBody, type ReportContext } from '../report-kit';
import { eventScope, kindLabel, noJobsReason, plural, ProgressKinds, rangeWords, sourceWords, type TProgressKind } from './pipeline-shared';

/** The stages a rejection is counted from (a move between two rejected stages is not a new rejection). */
const FromKinds = ProgressKinds;
const NoReason = '(no reason)';

type Counts = Record<TProgressKind, number>;
type Breakdown = { reasons: Map<string, { rejected: Counts; withdrew: Counts }>; people: Map<string, Counts> };

const zero = (): Counts => Object.fromEntries(FromKinds.map((k) => [k, 0])) as Counts;
const total = (c: Counts) => FromKinds.reduce((a, k) => a + c[k], 0);

/** From the tallies: rej (key: reason) and rejby (key: the user who rejected), counted on the day of the rejection. */
async function fromTallies(ctx: ReportContext): Promise<Breakdown> {
  const rejected = FromKinds.map((k) => `rejected.${k}`);
  const withdrew = FromKinds.map((k) => `withdrew.${k}`);
  const [reasons, people] = await Promise.all([ctx.tallies({ dim: 'rej', counters: [...rejected, ...withdrew], groupBy: 'key' }), ctx.tallies({ dim: 'rejby', counters: rejected, groupBy: 'key' })]);
  const out: Breakdown = { reasons: new Map(), people: new Map() };
  for (const r of reasons) {
    const entry = { rejected: zero(), withdrew: zero() };
    for (const k of FromKinds) {
      entry.rejected[k] = r.sums[`rejected.${k}`] ?? 0;
      entry.withdrew[k] = r.sums[`withdrew.${k}`] ?? 0;
    }
    out.reasons.set(r.id, entry);
  }
  for (const p of people) out.people.set(p.id, Object.fromEntries(FromKinds.map((k) => [k, p.sums[`rejected.${k}`] ?? 0])) as Counts);
  return out;
}

/** From the raw stage events (organisation filters, or a source filter the reason tallies do not carry). */
async function fromEvents(ctx: ReportContext): Promise<Breakdown> {
  const range = ctx.range!;
  const reasonKey = { $substrCP: [{ $cond: [{ $eq: [{ $ifNull: ['$reason', ''] }, ''] }, NoReason, '$reason'] }, 0, 120] };
  const pipeline: PipelineStage[] = [
    { $match: { ...eventScope(ctx, { $gte: range.from, $lt: range.until }), toKind: 'rejected', fromKind: { $in: [...FromKinds] } } },
    {
      $facet: {
        reasons: [{ $group: { _id: { reason: reasonKey, from: '$fromKind', withdrawn: { $eq: ['$withdrawn', true] } }, n: { $sum: 1 } } }],
        people: [{ $match: { withdrawn: { $ne: true }, by: { $ne: null } } }, { $group: { _id: { by: '$by', from: '$fromKind' }, n: { $sum: 1 } } }],
      },
    } as PipelineStage,
  ];
  const [facets] = await ctx.aggregate<{ reasons: { _id: { reason: string; from: TProgressKind; withdrawn: boolean }; n: number }[]; people: { _id: { by: unknown; from: TProgressKind }; n: number }[] }>(StageEvent, pipeline);
  const out: Breakdown = { reasons: new Map(), people: new Map() };
  for (const r of facets?.reasons ?? []) {
    const entry = out.reasons.get(r._id.reason) ?? { rejected: zero(), withdrew: zero() };
    entry[r._id.withdrawn ? 'withdrew' : 'rejected'][r._id.from] += r.n;
    out.reasons.set(r._id.reason, entry);
  }
  for (const p of facets?.people ?? []) {
    const key = String(p._id.by);
    const entry = out.people.get(key) ?? zero();
    entry[p._id.from] += p.n;
    out.people.set(key, entry);
  }
  return out;
}

/** Names of the people who rejected, in the scope (a removed user keeps their id's place). */
async function namesOf(ctx: ReportContext, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter((id) => Types.ObjectId.isValid(id)).map((id) => new Types.ObjectId(id));
  if (!valid.length) return new Map();
  const users = await ctx.aggregate<{ _id: unknown; firstName: string; lastName: string }>(User, [{ $match: { _id: { $in: valid } } }, { $project: { firstName: 1, lastName: 1 } }]);
  return new Map(users.map((u) => [String(u._id), `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || '(no name)']));
}

const columns: TReportColumn[] = [
  { key: 'group', label: 'Breakdown', kind: 'text' },
  { key: 'label', label: 'Reason or person', kind: 'text' },
  ...FromKinds.map((k) => ({ key: k, label: `From ${kindLabel(k).toLowerCase()}`, kind: 'count' as const })),
  { key: 'rejected', label: 'Rejections', kind: 'count' },
  { key: 'withdrawn', label: 'Withdrawals', kind: 'count' },
];

export const rejectAnalysisReport = defineReport({
  name: 'reject-analysis',
  definition: [
    'Rejections in the date range by the stage the application was rejected from and by reason, counted on the day of the rejection. A candidate withdrawing is counted apart, as a withdrawal, under the note they gave.',
    'The rows "By reason" add up to the totals; the rows "Rejected by" split the same rejections by the person who made them (withdrawals have no such person). A move between two rejected stages is not a new rejection.',
  ],
  async compute(ctx): Promise<ReportBody> {
    const emptyBody = (reason: string): ReportBody => ({ headline: [], chart: { kind: 'none', indexKey: 'reason', series: [], data: [], unit: 'count', summary: reason, reference: null }, columns, rows: [], totals: null, empty: reason });
    const none = noJobsReason(ctx);
    if (none) return emptyBody(none);
    const data = ctx.tallyable && !ctx.filters.source ? await fromTallies(ctx) : await fromEvents(ctx);

    const reasonRows: Record<string, TCell>[] = [...data.reasons.entries()]
      .map(([reason, c]) => ({ group: 'By reason', label: reason, ...c.rejected, rejected: total(c.rejected), withdrawn: total(c.withdrew) }))
      .filter((r) => r.rejected + r.withdrawn > 0)
      .sort((a, b) => b.rejected - a.rejected || b.withdrawn - a.withdrawn || a.label.localeCompare(b.label));
    const names = await namesOf(ctx, [...data.people.keys()]);
    const peopleRows: Record<string, TCell>[] = [...data.people.entries()]
      .map(([id, c]) => ({ group: 'Rejected by', label: names.get(id) ?? '(removed user)', ...c, rejected: total(c), withdrawn: null }))
      .filter((r) => r.rejected > 0)
      .sort((a, b) => b.rejected - a.rejected || a.label.localeCompare(b.label));
    if (!reasonRows.length) return emptyBody(`No application${sourceWords(ctx)} was rejected or withdrawn ${rangeWords(ctx)}${ctx.jobIds !== null ? ' in the chosen jobs' : ''}. Widen the date range${ctx.filters.source || ctx.jobIds !== null ? ' or clear a filter' : ''}.`);

    const totals: Record<string, TCell> = { group: 'Total', label: 'All reasons' };
    for (const key of [...FromKinds, 'rejected', 'withdrawn']) totals[key] = reasonRows.reduce((a, r) => a + Number(r[key] ?? 0), 0);
    const rejections = Number(totals.rejected);
    const withdrawals = Number(totals.withdrawn);
    const topReason = reasonRows.filter((r) => Number(r.rejected) > 0)[0];
    const topPerson = peopleRows[0];
    const chartRows = reasonRows.slice(0, 10);
    const summary =
      `${plural(rejections, 'rejection')} and ${plural(withdrawals, 'withdrawal')}${sourceWords(ctx)} ${rangeWords(ctx)}. ` +
      `By stage: ${FromKinds.map((k) => `from ${kindLabel(k).toLowerCase()} ${totals[k]}`).join(', ')}. ` +
      `By reason: ${chartRows.map((r) => `${r.label}: ${[r.rejected ? plural(Number(r.rejected), 'rejection') : '', r.withdrawn ? plural(Number(r.withdrawn), 'withdrawal') : ''].filter(Boolean).join(' and ')}`).join('; ')}.`;
    return {
      headline: [
        { label: 'Rejections', value: rejections, kind: 'count' },
        { label: 'Withdrawals', value: withdrawals, kind: 'count' },
        { label: 'Top reason', value: topReason ? `${topReason.label} (${topReason.rejected})` : null, kind: 'text' },
        { label: 'Rejected most by', value: topPerson ? `${topPerson.label} (${topPerson.rejected})` : null, kind: 'text' },
      ],
      chart: {
        kind: 'stacked-bar',
        indexKey: 'reason',
        series: [...FromKinds.map((k) => ({ key: k, label: `Rejected from ${kindLabel(k).toLowerCase()}` })), { key: 'withdrawn', label: 'Withdrew' }],
        data: chartRows.map((r) => ({ reason: r.label, ...Object.fromEntries(FromKinds.map((k) => [k, r[k] ?? 0])), withdrawn: r.withdrawn })),
        unit: 'count',
        summary,
        reference: null,
      },
      columns,
      rows: [...reasonRows, ...peopleRows],
      totals,
      empty: null,
    };
  },
});
