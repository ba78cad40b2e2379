import { Types, type Model, type PipelineStage } from 'mongoose';
import { ReportCatalog, ReportMessages, ReportRules, type TAnyReportName, type TReportResult } from '@hireflow/contracts/reports';
import type { z } from 'zod';
import type { ZReportQuery } from '@hireflow/contracts/reports';
import { AppError } from '../../lib/app-error';
import { reportNamed } from './report-registry';
import type { ReportContext, ReportFilters, ReportScope } from './report-kit';
import { assertFiltersAllowed, describeFilters, endOfDay, resolveJobScope, resolveRange, toObjectId } from './report-filters';
import { sumTallies } from './tallies/tallies';

export type ReportQuery = z.output<typeof ZReportQuery>;

/** The context a report computes in: scope, resolved range and filters, the jobs they select. */
export async function reportContext(name: TAnyReportName, scope: ReportScope, q: ReportQuery, now: Date): Promise<ReportContext> {
  assertFiltersAllowed(name, q);
  const entry = ReportCatalog[name];
  const filters: ReportFilters = {
    businessUnitId: toObjectId(q.businessUnitId),
    departmentId: toObjectId(q.departmentId),
    locationId: toObjectId(q.locationId),
    jobId: toObjectId(q.jobId),
    recruiterId: toObjectId(q.recruiterId),
    source: q.source,
    asOf: entry.filters.includes('asOf') ? (q.asOf ? endOfDay(q.asOf) : endOfDay(now.toISOString().slice(0, 10))) : undefined,
    candidateId: toObjectId(q.candidateId),
  };
  if (scope.kind === 'platform' && !scope.customerId && (filters.businessUnitId || filters.departmentId || filters.locationId || filters.jobId || filters.recruiterId || filters.candidateId)) {
    throw AppError.badRequest('Choose a company before filtering by its business units, departments, locations, jobs, recruiters or candidates.');
  }
  const tenant: Record<string, unknown> = scope.customerId ? { customerId: scope.customerId } : {};
  const crossTenant = !scope.customerId;
  const range = entry.dateRange ? resolveRange(q, now) : null;
  const jobIds = await resolveJobScope(tenant, crossTenant, filters);
  return {
    name,
    scope,
    filters,
    range,
    now,
    jobIds,
    tallyable: jobIds === null,
    tenant,
    crossTenant,
    aggregate: <T>(model: Model<any>, pipeline: PipelineStage[]) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const first = pipeline[0] as { $match?: Record<string, unknown> } | undefined;
      // The tenant match goes first (merged into the report's own first $match when it has one).
      const stages: PipelineStage[] = first?.$match ? [{ $match: { ...tenant, ...first.$match } }, ...pipeline.slice(1)] : [{ $match: tenant }, ...pipeline];
      const agg = model.aggregate<T>(stages);
      if (crossTenant) agg.option({ crossTenant: true } as never);
      return agg.exec();
    },
    tallies: (tq) => sumTallies({ from: range?.from, until: range?.until, ...tq, tenant, crossTenant }),
  };
}

/** Runs a report: its figures, the filters in words, the rows capped at `maxRows` (the export takes them all). */
export async function runReport({ name, scope, query, now = new Date(), maxRows = ReportRules.maxRows }: { name: TAnyReportName; scope: ReportScope; query: ReportQuery; now?: Date; maxRows?: number }): Promise<TReportResult> {
  const report = reportNamed(name);
  if (!report) throw AppError.notFound('Report');
  const ctx = await reportContext(name, scope, query, now);
  const body = await report.compute(ctx);
  return {
    name,
    title: ReportCatalog[name].title,
    definition: report.definition,
    range: ctx.range ? { from: ctx.range.fromDay, to: ctx.range.toDay, preset: ctx.range.preset } : null,
    applied: await describeFilters(scope, ctx.filters),
    ...body,
    rows: body.rows.slice(0, maxRows),
    totalRows: body.rows.length,
    generatedAt: now.toISOString(),
  };
}

export const companyScope = (customerId: Types.ObjectId): ReportScope => ({ kind: 'company', customerId });
export const platformScope = (companyId?: string): ReportScope => ({ kind: 'platform', customerId: companyId ? new Types.ObjectId(companyId) : null });
export { ReportMessages };
