import { z } from 'zod';
import { ApplicationSources } from './candidates';
import { ZObjectId } from './common';
import { ReportPages } from './routes';
import { StageKinds } from './jobs';

// ---------------------------------------------------------------------------------------------
// Reports (issue 19): every report answers the same shape (a chart, a table with totals, an empty
// reason, its definition), so one page renders all of them and one export writes any of them.
// ---------------------------------------------------------------------------------------------

export const ReportsApi = {
  /** The /reports overview: headline figures of the caller's scope with their trend. */
  overview: '/api/reports',
  report: '/api/reports/:name',
  export: '/api/reports/:name/export',
  /** Turnaround targets per stage kind (company-settings/tatsettings; right advanceSettings). */
  tatSettings: '/api/tat-settings',
  superadminOverview: '/api/superadmin/reports',
  superadminReport: '/api/superadmin/reports/:name',
  superadminExport: '/api/superadmin/reports/:name/export',
  /** Super admin: rebuild the maintained report figures from the raw events (body ZRebuildTallies), 202 {jobId}. */
  rebuild: '/api/superadmin/reports/rebuild',
} as const;

/** POST ReportsApi.rebuild: one company, or every company when none is named. */
export const ZRebuildTallies = z.object({ companyId: ZObjectId.optional() });
export type TRebuildTallies = z.infer<typeof ZRebuildTallies>;

/** The public single-use NPS survey page a candidate opens from the mail (server-rendered). */
export const NpsSurveyPath = '/survey/:token';

export const ReportNames = ReportPages;
export type TReportName = (typeof ReportNames)[number];
/** Reports only the platform has: across companies. */
export const PlatformReportNames = ['companies', 'active-users', 'usage-per-company'] as const;
export type TPlatformReportName = (typeof PlatformReportNames)[number];
export type TAnyReportName = TReportName | TPlatformReportName;

export const ReportThemes = ['pipeline', 'speed', 'sources', 'interviews', 'team', 'jobs', 'candidates', 'platform'] as const;
export type TReportTheme = (typeof ReportThemes)[number];
export const ReportThemeLabels: Record<TReportTheme, string> = {
  pipeline: 'Pipeline',
  speed: 'Speed',
  sources: 'Sources and outcomes',
  interviews: 'Interviews',
  team: 'Team activity',
  jobs: 'Jobs and vacancies',
  candidates: 'Candidates',
  platform: 'Platform',
};

/** Filters a report may take (query parameters of GET and POST .../export). */
export const ReportFilterKeys = ['businessUnitId', 'departmentId', 'locationId', 'jobId', 'recruiterId', 'source', 'asOf', 'candidateId'] as const;
export type TReportFilterKey = (typeof ReportFilterKeys)[number];

export const DatePresets = ['last30', 'last90', 'quarter', 'year', 'custom'] as const;
export type TDatePreset = (typeof DatePresets)[number];
export const DatePresetLabels: Record<TDatePreset, string> = {
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  quarter: 'This quarter',
  year: 'This year',
  custom: 'Custom',
};
export const ReportRules = {
  defaultPreset: 'last90' as TDatePreset,
  /** The widest custom range, so one request never spans the whole history of a large company twice over. */
  maxRangeDays: 3 * 366,
  /** Rows a table shows at most (the export has the same rows); the totals still count everything. */
  maxRows: 500,
};

type CatalogEntry = { title: string; theme: TReportTheme; blurb: string; dateRange: boolean; filters: readonly TReportFilterKey[] };
const org = ['businessUnitId', 'departmentId', 'locationId', 'jobId', 'recruiterId'] as const;

/** Every report: its title, theme, one line on the list, whether it takes a date range, and its other filters. */
export const ReportCatalog: Record<TAnyReportName, CatalogEntry> = {
  'current-pipeline': { title: 'Current pipeline', theme: 'pipeline', blurb: 'Applications in each stage of each job now, and the pass-through between stages.', dateRange: true, filters: [...org, 'source'] },
  'history-pipeline': { title: 'Pipeline on a past date', theme: 'pipeline', blurb: 'The stage counts as they were on a chosen day.', dateRange: false, filters: [...org, 'source', 'asOf'] },
  bottleneck: { title: 'Bottlenecks', theme: 'pipeline', blurb: 'Stages whose median time is over the turnaround target, worst first.', dateRange: true, filters: [...org, 'source'] },
  velocity: { title: 'Velocity', theme: 'speed', blurb: 'Days spent in each stage, median and mean.', dateRange: true, filters: [...org, 'source'] },
  'time-to-hire': { title: 'Time to hire', theme: 'speed', blurb: 'Days from application to accepted offer: median and percentiles by job and source.', dateRange: true, filters: [...org, 'source'] },
  'source-activity': { title: 'Source activity', theme: 'sources', blurb: 'Applications, interviews, offers and hires per source.', dateRange: true, filters: [...org, 'source'] },
  'reject-analysis': { title: 'Rejections', theme: 'sources', blurb: 'Rejections by stage, reason and who rejected.', dateRange: true, filters: [...org, 'source'] },
  nps: { title: 'Candidate NPS', theme: 'sources', blurb: 'What candidates say of their experience: score and comments.', dateRange: true, filters: ['businessUnitId', 'departmentId', 'locationId', 'jobId', 'recruiterId'] },
  'interview-scheduled': { title: 'Interviews scheduled', theme: 'interviews', blurb: 'Interviews booked, per interviewer, job and week.', dateRange: true, filters: org },
  'interview-completed': { title: 'Interviews completed', theme: 'interviews', blurb: 'Interviews that took place, per interviewer, job and week.', dateRange: true, filters: org },
  'interview-didnothappen': { title: 'Interviews that did not happen', theme: 'interviews', blurb: 'Missed interviews by reason.', dateRange: true, filters: org },
  'interview-incident': { title: 'Interview incidents', theme: 'interviews', blurb: 'Incidents reported on interviews.', dateRange: true, filters: org },
  'interview-evaluation': { title: 'Interview evaluation', theme: 'interviews', blurb: 'Recommendations given per interviewer and job.', dateRange: true, filters: org },
  'hiring-team': { title: 'Hiring team', theme: 'team', blurb: 'Interviews done and scorecard turnaround per hiring manager and interviewer.', dateRange: true, filters: org },
  'recruiter-activity': { title: 'Recruiter activity', theme: 'team', blurb: 'Moves, notes, interviews, offers and mails per recruiter.', dateRange: true, filters: org },
  usage: { title: 'Usage', theme: 'team', blurb: 'Sign-ins and actions per user and per day.', dateRange: true, filters: ['businessUnitId', 'departmentId', 'locationId', 'recruiterId'] },
  'job-activity': { title: 'Job activity', theme: 'jobs', blurb: 'Moves, notes, interviews, offers and mails per job.', dateRange: true, filters: org },
  'vacancy-analysis': { title: 'Vacancy analysis', theme: 'jobs', blurb: 'Per vacancy: openings, applicants, stage counts, age and time to fill.', dateRange: true, filters: org },
  'vacancy-ageing': { title: 'Vacancy ageing', theme: 'jobs', blurb: 'Days open per job against the target, in age buckets.', dateRange: false, filters: org },
  'candidate-timeline': { title: 'Candidate timeline', theme: 'candidates', blurb: "One candidate's stage history across jobs.", dateRange: false, filters: ['candidateId'] },
  companies: { title: 'Companies', theme: 'platform', blurb: 'Companies signed up, authorised and active over time.', dateRange: true, filters: [] },
  'active-users': { title: 'Active users', theme: 'platform', blurb: 'Users who signed in, per company and per week.', dateRange: true, filters: [] },
  'usage-per-company': { title: 'Usage per company', theme: 'platform', blurb: 'Sign-ins, actions, applications and hires per company.', dateRange: true, filters: [] },
};

const zDay = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** GET /api/reports/:name (and its export): the filters, every one optional. */
export const ZReportQuery = z
  .object({
    preset: z.enum(DatePresets, { error: `must be one of ${DatePresets.join(', ')}` }).optional(),
    from: zDay.optional(),
    to: zDay.optional(),
    businessUnitId: ZObjectId.optional(),
    departmentId: ZObjectId.optional(),
    locationId: ZObjectId.optional(),
    jobId: ZObjectId.optional(),
    recruiterId: ZObjectId.optional(),
    source: z.enum(ApplicationSources, { error: `must be one of ${ApplicationSources.join(', ')}` }).optional(),
    asOf: zDay.optional(),
    candidateId: ZObjectId.optional(),
    /** Super admin only: one company (else all of them). */
    companyId: ZObjectId.optional(),
  })
  .refine((q) => q.preset !== 'custom' || (q.from && q.to), { error: 'a custom range needs both a from and a to date', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'must not be after the to date', path: ['from'] });
export type TReportQuery = z.input<typeof ZReportQuery>;

export const ChartKinds = ['bar', 'stacked-bar', 'line', 'funnel', 'timeline', 'none'] as const;
export const ValueKinds = ['text', 'count', 'number', 'percent', 'days', 'hours', 'date', 'score'] as const;
export type TValueKind = (typeof ValueKinds)[number];

const zCell = z.union([z.string(), z.number(), z.null()]);
export type TCell = z.infer<typeof zCell>;

export const ZReportChart = z.object({
  kind: z.enum(ChartKinds),
  /** The data key naming each point (a stage, a week, a source...). */
  indexKey: z.string(),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  data: z.array(z.record(z.string(), zCell)),
  unit: z.enum(ValueKinds),
  /** What the chart shows, in one or two sentences: the text alternative of the chart. */
  summary: z.string(),
  /** A line to draw (e.g. the turnaround target), when the chart has one. */
  reference: z.object({ value: z.number(), label: z.string() }).nullable().default(null),
});
export type TReportChart = z.infer<typeof ZReportChart>;

export const ZReportColumn = z.object({ key: z.string(), label: z.string(), kind: z.enum(ValueKinds) });
export type TReportColumn = z.infer<typeof ZReportColumn>;

/** A filter as a person reads it ("Business unit: Engineering"), for the page and the Excel header. */
export const ZAppliedFilter = z.object({ key: z.string(), label: z.string(), value: z.string() });

export const ZReportResult = z.object({
  name: z.string(),
  title: z.string(),
  /** "How this is computed": short paragraphs. */
  definition: z.array(z.string()),
  /** The resolved date range (YYYY-MM-DD, inclusive) or null for a report without one. */
  range: z.object({ from: zDay, to: zDay, preset: z.enum(DatePresets) }).nullable(),
  applied: z.array(ZAppliedFilter),
  /** Headline figures above the chart (a median, the NPS score...). */
  headline: z.array(z.object({ label: z.string(), value: zCell, kind: z.enum(ValueKinds) })),
  chart: ZReportChart,
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), zCell)),
  /** Totals of the whole result (also of rows past maxRows), keyed like the columns; null when a sum means nothing. */
  totals: z.record(z.string(), zCell).nullable(),
  /** Rows the table has in all when it shows only the first maxRows. */
  totalRows: z.number(),
  /** Why there is nothing to show (and what to change), or null. */
  empty: z.string().nullable(),
  generatedAt: z.string(),
});
export type TReportResult = z.infer<typeof ZReportResult>;

export const ZOverviewCard = z.object({
  key: z.enum(['openJobs', 'applicationsThisMonth', 'medianTimeToHire', 'offerAcceptance']),
  label: z.string(),
  value: z.number().nullable(),
  /** The same figure one period earlier (the previous month, or the previous 90 days). */
  previous: z.number().nullable(),
  kind: z.enum(ValueKinds),
  /** A few points for a sparkline, oldest first. */
  trend: z.array(z.object({ label: z.string(), value: z.number().nullable() })),
  hint: z.string(),
});
export type TOverviewCard = z.infer<typeof ZOverviewCard>;
export const ZReportsOverview = z.object({ cards: z.array(ZOverviewCard), generatedAt: z.string() });
export type TReportsOverview = z.infer<typeof ZReportsOverview>;

/** GET /api/superadmin/reports: the platform overview plus the companies to choose from. */
export const ZPlatformReportsOverview = z.object({
  cards: z.array(z.object({ label: z.string(), value: z.number(), kind: z.enum(ValueKinds) })),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TPlatformReportsOverview = z.infer<typeof ZPlatformReportsOverview>;

// Turnaround targets (company-settings/tatsettings) --------------------------------------------

/** Stages that have a turnaround target: the ones a candidate waits in (hired and rejected end the journey). */
export const TatStageKinds = StageKinds.filter((k) => k !== 'hired' && k !== 'rejected') as readonly ('screening' | 'interview' | 'offer')[];
export const TatDefaults = { screening: 5, interview: 10, offer: 7, vacancyDays: 45 } as const;
const zTargetDays = z.number({ error: 'must be a number of days' }).int({ error: 'must be whole days' }).min(1, { error: 'must be at least 1 day' }).max(365, { error: 'must be at most 365 days' });
export const ZTatSettings = z.object({
  /** Days a candidate should spend at most in each stage kind. */
  stages: z.object({ screening: zTargetDays, interview: zTargetDays, offer: zTargetDays }),
  /** Days a job should take from opening to filled (vacancy ageing). */
  vacancyDays: zTargetDays,
});
export type TTatSettings = z.infer<typeof ZTatSettings>;
export const ZTatSettingsResponse = ZTatSettings.extend({ updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });
export type TTatSettingsResponse = z.infer<typeof ZTatSettingsResponse>;

// NPS -------------------------------------------------------------------------------------------

export const NpsTriggers = ['hired', 'rejected_after_interview', 'withdrew'] as const;
export type TNpsTrigger = (typeof NpsTriggers)[number];
export const NpsRules = {
  /** Days after the event the survey is mailed (so a rejection mail goes first). */
  sendAfterDays: 2,
  /** Days the link stays open. */
  validDays: 30,
  commentMax: 2_000,
} as const;
export const ZNpsAnswer = z.object({
  score: z.coerce.number({ error: 'choose a score from 0 to 10' }).int({ error: 'choose a score from 0 to 10' }).min(0, { error: 'choose a score from 0 to 10' }).max(10, { error: 'choose a score from 0 to 10' }),
  comment: z.string().trim().max(NpsRules.commentMax, { error: `must be at most ${NpsRules.commentMax} characters` }).default(''),
});
export type TNpsAnswer = z.input<typeof ZNpsAnswer>;

export const ReportMessages = {
  forbidden: 'You need the "View reports" right to see reports. Ask your administrator.',
  unknownReport: 'There is no such report.',
  filterNotAllowed: (label: string, title: string) => `The ${title} report cannot be filtered by ${label}.`,
  rangeTooWide: `The date range can span at most ${ReportRules.maxRangeDays} days.`,
  chooseCandidate: 'Choose a candidate to see their timeline.',
  surveyThanks: 'Thank you! Your answer has been recorded.',
  surveyUsed: 'This survey has already been answered. Thank you!',
  surveyExpired: 'This survey link has expired.',
  surveyUnknown: 'This survey link is not valid.',
} as const;
