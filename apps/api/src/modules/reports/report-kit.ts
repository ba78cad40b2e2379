import type { Model, PipelineStage, Types } from 'mongoose';
import type { TAnyReportName, TDatePreset, TReportColumn, TReportResult, TCell } from '@hireflow/contracts/reports';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import { sumTallies, type TallyQuery } from './tallies/tallies';

/**
 * What every report is given and answers. A report is a `ReportDefinition` in its area's folder,
 * listed in report-registry.ts; the service resolves the filters into a `ReportContext` and shapes
 * the answer (title, range, filters as words, truncation); the routes check rights and tenancy.
 */

/** Whose data: one company (a company user, or the super admin choosing one) or every company. */
export type ReportScope = { kind: 'company'; customerId: Types.ObjectId } | { kind: 'platform'; customerId: Types.ObjectId | null };

export type ResolvedRange = {
  /** Inclusive start of the first day (UTC). */
  from: Date;
  /** Exclusive: the start of the day after the last. */
  until: Date;
  fromDay: string;
  toDay: string;
  preset: TDatePreset;
};

export type ReportFilters = {
  businessUnitId?: Types.ObjectId;
  departmentId?: Types.ObjectId;
  locationId?: Types.ObjectId;
  jobId?: Types.ObjectId;
  recruiterId?: Types.ObjectId;
  source?: TApplicationSource;
  /** history-pipeline: the end of this day (exclusive bound); defaults to the end of today. */
  asOf?: Date;
  candidateId?: Types.ObjectId;
};

export type ReportContext = {
  name: TAnyReportName;
  scope: ReportScope;
  filters: ReportFilters;
  /** Null for a report without a date range. */
  range: ResolvedRange | null;
  now: Date;
  /**
   * Jobs selected by the organisation filters (business unit, department, location, job, recruiter),
   * or null when none is set. An empty array: the filters select no job (the report is empty).
   */
  jobIds: Types.ObjectId[] | null;
  /** True when only the date range and the source are filtered: the maintained tallies can answer. */
  tallyable: boolean;
  /** The leading $match on the tenant ({ customerId } of the scope; every company for the platform). */
  tenant: Record<string, unknown>;
  crossTenant: boolean;
  /** Runs an aggregation on a tenant-owned model with the tenant match first. */
  aggregate<T>(model: Model<never> | Model<any>, pipeline: PipelineStage[]): Promise<T[]>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Sums of maintained tallies in the scope (the range applies unless `from`/`until` are given). */
  tallies(q: Omit<TallyQuery, 'tenant' | 'crossTenant'>): ReturnType<typeof sumTallies>;
};

/** The part of the answer a report computes; the service adds the rest. */
export type ReportBody = Pick<TReportResult, 'headline' | 'chart' | 'columns' | 'rows' | 'totals' | 'empty'>;

export type ReportDefinition = {
  name: TAnyReportName;
  /** "How this is computed", shown on the page and in the export. */
  definition: string[];
  compute(ctx: ReportContext): Promise<ReportBody>;
};

export const defineReport = (d: ReportDefinition) => d;

// Small helpers the reports share ---------------------------------------------------------------

/** a / b as a percentage with one decimal, or null when b is 0. */
export const percent = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 1000) / 10 : null);
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Column sums for the keys given (the others null): a totals row. */
export function sumRows(rows: Record<string, TCell>[], columns: TReportColumn[], keys: readonly string[], label = 'Total'): Record<string, TCell> {
  const totals: Record<string, TCell> = {};
  for (const c of columns) totals[c.key] = keys.includes(c.key) ? rows.reduce((n, r) => n + (typeof r[c.key] === 'number' ? (r[c.key] as number) : 0), 0) : null;
  if (columns[0] && totals[columns[0].key] === null) totals[columns[0].key] = label;
  return totals;
}

/** An empty answer with a reason, keeping the columns so the page and the export still have a header. */
export function emptyBody(reason: string, columns: TReportColumn[], chart: Partial<ReportBody['chart']> = {}): ReportBody {
  return {
    headline: [],
    chart: { kind: 'none', indexKey: 'label', series: [], data: [], unit: 'count', summary: reason, reference: null, ...chart },
    columns,
    rows: [],
    totals: null,
    empty: reason,
  };
}
