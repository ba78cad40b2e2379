import type { PipelineStage } from 'mongoose';
import type { TNpsTrigger, TReportColumn } from '@hireflow/contracts/reports';
import { defineReport, emptyBody, percent, round1, type ReportContext } from '../report-kit';
import { NpsSurvey } from './nps/nps-survey.model';

export const NpsTriggerLabels: Record<TNpsTrigger, string> = {
  hired: 'Hired',
  rejected_after_interview: 'Rejected after an interview',
  withdrew: 'Withdrew',
};

/** NPS of counts: % promoters - % detractors, one decimal; null without answers. */
export const npsOf = (promoters: number, detractors: number, answers: number) => (answers > 0 ? round1(((promoters - detractors) / answers) * 100) : null);
export const npsCategory = (score: number) => (score >= 9 ? 'Promoter' : score >= 7 ? 'Passive' : 'Detractor');

const columns: TReportColumn[] = [
  { key: 'date', label: 'Answered', kind: 'date' },
  { key: 'score', label: 'Score', kind: 'score' },
  { key: 'category', label: 'Category', kind: 'text' },
  { key: 'trigger', label: 'Sent after', kind: 'text' },
  { key: 'job', label: 'Job', kind: 'text' },
  { key: 'comment', label: 'Comment', kind: 'text' },
];

/** The organisation filters, read from the job's snapshot taken when the survey was sent. */
function snapshotMatch(ctx: ReportContext): Record<string, unknown> {
  const f = ctx.filters;
  return {
    ...(f.businessUnitId ? { businessUnitId: f.businessUnitId } : {}),
    ...(f.departmentId ? { departmentId: f.departmentId } : {}),
    ...(f.locationId ? { locationId: f.locationId } : {}),
    ...(f.jobId ? { jobId: f.jobId } : {}),
    ...(f.recruiterId ? { recruiterIds: f.recruiterId } : {}),
  };
}

const countsGroup = {
  answers: { $sum: 1 },
  promoters: { $sum: { $cond: [{ $gte: ['$score', 9] }, 1, 0] } },
  passives: { $sum: { $cond: [{ $and: [{ $gte: ['$score', 7] }, { $lte: ['$score', 8] }] }, 1, 0] } },
  detractors: { $sum: { $cond: [{ $lte: ['$score', 6] }, 1, 0] } },
  scoreSum: { $sum: '$score' },
};
type Counts = { answers: number; promoters: number; passives: number; detractors: number; scoreSum: number };

/** The months of the range, oldest first (YYYY-MM). */
function monthsOf(from: Date, until: Date): string[] {
  const out: string[] = [];
  for (let d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1)); d < until; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) out.push(d.toISOString().slice(0, 7));
  return out;
}

export const npsReport = defineReport({
  name: 'nps',
  definition: [
    'Candidates get a one-question survey by mail two days after they are hired, withdraw, or are rejected after an interview: how likely they are to recommend the company (0 to 10), with an optional comment. Each link works once, for 30 days.',
    'NPS = % promoters (scores 9 and 10) minus % detractors (0 to 6), over the answers given in the date range; passives (7 and 8) count in the total only. It runs from -100 to 100.',
    'Response rate: of the surveys sent in the date range, the share answered so far.',
    'Business unit, department, location, job and recruiter filters read the job as it was when the survey was sent.',
  ],
  async compute(ctx) {
    const range = ctx.range!;
    const org = snapshotMatch(ctx);
    const answered: Record<string, unknown> = { answeredAt: { $gte: range.from, $lt: range.until }, ...org };
    const sentMatch: Record<string, unknown> = { sentAt: { $gte: range.from, $lt: range.until }, ...org };
    const [totalsRows, monthRows, sentRows, commentRows] = await Promise.all([
      ctx.aggregate<Counts>(NpsSurvey, [{ $match: answered }, { $group: { _id: null, ...countsGroup } }]),
      ctx.aggregate<Counts & { _id: string }>(NpsSurvey, [{ $match: answered }, { $group: { _id: { $dateToString: { date: '$answeredAt', format: '%Y-%m' } }, ...countsGroup } }] as PipelineStage[]),
      ctx.aggregate<{ sent: number; answered: number }>(NpsSurvey, [{ $match: sentMatch }, { $group: { _id: null, sent: { $sum: 1 }, answered: { $sum: { $cond: [{ $ne: ['$answeredAt', null] }, 1, 0] } } } }]),
      ctx.aggregate<{ answeredAt: Date; score: number; trigger: TNpsTrigger; jobTitle: string; comment: string }>(NpsSurvey, [
        { $match: { ...answered, comment: { $gt: '' } } },
        { $sort: { answeredAt: -1, _id: -1 } },
        { $project: { _id: 0, answeredAt: 1, score: 1, trigger: 1, jobTitle: 1, comment: 1 } },
      ]),
    ]);
    const t = totalsRows[0] ?? { answers: 0, promoters: 0, passives: 0, detractors: 0, scoreSum: 0 };
    const sent = sentRows[0] ?? { sent: 0, answered: 0 };
    if (t.answers === 0) {
      const why = sent.sent > 0 ? `No candidate has answered yet: ${sent.sent} ${sent.sent === 1 ? 'survey was' : 'surveys were'} sent in this period.` : 'No candidate survey was sent or answered in this period. Widen the date range or clear the filters.';
      const body = emptyBody(why, columns, { kind: 'line', indexKey: 'month', unit: 'score' });
      return { ...body, headline: [{ label: 'Surveys sent', value: sent.sent, kind: 'count' }, { label: 'Response rate', value: percent(sent.answered, sent.sent), kind: 'percent' }] };
    }
    const nps = npsOf(t.promoters, t.detractors, t.answers);
    const byMonth = new Map(monthRows.map((m) => [m._id, m]));
    const data = monthsOf(range.from, range.until).map((month) => {
      const m = byMonth.get(month);
      return { month, nps: m ? npsOf(m.promoters, m.detractors, m.answers) : null, answers: m?.answers ?? 0 };
    });
    const rows = commentRows.map((c) => ({ date: c.answeredAt.toISOString().slice(0, 10), score: c.score, category: npsCategory(c.score), trigger: NpsTriggerLabels[c.trigger], job: c.jobTitle, comment: c.comment }));
    const months = data.filter((d) => d.nps !== null);
    return {
      headline: [
        { label: 'NPS', value: nps, kind: 'score' },
        { label: 'Answers', value: t.answers, kind: 'count' },
        { label: 'Promoters', value: t.promoters, kind: 'count' },
        { label: 'Passives', value: t.passives, kind: 'count' },
        { label: 'Detractors', value: t.detractors, kind: 'count' },
        { label: 'Response rate', value: percent(sent.answered, sent.sent), kind: 'percent' },
      ],
      chart: {
        kind: 'line',
        indexKey: 'month',
        series: [{ key: 'nps', label: 'NPS' }],
        data,
        unit: 'score',
        summary: `NPS ${nps} over ${t.answers} ${t.answers === 1 ? 'answer' : 'answers'} (${t.promoters} promoters, ${t.passives} passives, ${t.detractors} detractors). By month: ${months.map((m) => `${m.month} ${m.nps}`).join(', ')}.`,
        reference: null,
      },
      columns,
      rows,
      totals: { date: 'Average score', score: round1(t.scoreSum / t.answers), category: null, trigger: null, job: null, comment: `${rows.length} ${rows.length === 1 ? 'comment' : 'comments'}` },
      empty: null,
    };
  },
});
