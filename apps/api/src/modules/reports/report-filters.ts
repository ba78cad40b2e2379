import { Types } from 'mongoose';
import { ApplicationSourceLabels } from '@hireflow/contracts/candidates';
import { ReportCatalog, ReportMessages, ReportRules, type TAnyReportName, type TDatePreset, type TReportFilterKey } from '@hireflow/contracts/reports';
import { AppError } from '../../lib/app-error';
import { Job } from '../jobs/job.model';
import { BusinessUnit } from '../org/business-unit.model';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { User } from '../users/user.model';
import { Candidate } from '../candidates/candidate.model';
import { Customer } from '../org/customer.model';
import type { ReportFilters, ReportScope, ResolvedRange } from './report-kit';

const DayMs = 86_400_000;
const dayString = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (d: Date) => new Date(Math.floor(d.getTime() / DayMs) * DayMs);
const parseDay = (s: string) => new Date(`${s}T00:00:00.000Z`);

/** The date range of a preset or a custom from/to, in whole UTC days up to today. */
export function resolveRange(q: { preset?: TDatePreset; from?: string; to?: string }, now: Date): ResolvedRange {
  const today = startOfDay(now);
  const preset: TDatePreset = q.preset ?? (q.from || q.to ? 'custom' : ReportRules.defaultPreset);
  let from: Date;
  let to = today;
  switch (preset) {
    case 'last30': from = new Date(today.getTime() - 29 * DayMs); break;
    case 'last90': from = new Date(today.getTime() - 89 * DayMs); break;
    case 'quarter': from = new Date(Date.UTC(today.getUTCFullYear(), Math.floor(today.getUTCMonth() / 3) * 3, 1)); break;
    case 'year': from = new Date(Date.UTC(today.getUTCFullYear(), 0, 1)); break;
    default:
      to = q.to ? parseDay(q.to) : today;
      from = q.from ? parseDay(q.from) : new Date(to.getTime() - 89 * DayMs);
  }
  if (from > to) throw AppError.badRequest('from: must not be after the to date');
  if ((to.getTime() - from.getTime()) / DayMs + 1 > ReportRules.maxRangeDays) throw AppError.badRequest(ReportMessages.rangeTooWide);
  return { from, until: new Date(to.getTime() + DayMs), fromDay: dayString(from), toDay: dayString(to), preset };
}

const FilterLabels: Record<TReportFilterKey, string> = {
  businessUnitId: 'business unit', departmentId: 'department', locationId: 'location', jobId: 'job',
  recruiterId: 'recruiter', source: 'source', asOf: 'date', candidateId: 'candidate',
};

/** Refuses a filter the report does not take (a clear 400 rather than a silently ignored filter). */
export function assertFiltersAllowed(name: TAnyReportName, q: Partial<Record<TReportFilterKey | 'preset' | 'from' | 'to', unknown>>) {
  const entry = ReportCatalog[name];
  for (const key of Object.keys(FilterLabels) as TReportFilterKey[]) {
    if (q[key] !== undefined && !entry.filters.includes(key)) throw AppError.badRequest(ReportMessages.filterNotAllowed(FilterLabels[key], entry.title));
  }
  if (!entry.dateRange && (q.preset !== undefined || q.from !== undefined || q.to !== undefined)) {
    throw AppError.badRequest(ReportMessages.filterNotAllowed('date range', entry.title));
  }
}

/** The jobs the organisation filters select, or null when none is set. */
export async function resolveJobScope(tenant: Record<string, unknown>, crossTenant: boolean, f: ReportFilters): Promise<Types.ObjectId[] | null> {
  const match: Record<string, unknown> = {};
  if (f.businessUnitId) match.businessUnitId = f.businessUnitId;
  if (f.departmentId) match.departmentId = f.departmentId;
  if (f.locationId) match.locationId = f.locationId;
  if (f.jobId) match._id = f.jobId;
  if (f.recruiterId) match.recruiterIds = f.recruiterId;
  if (!Object.keys(match).length) return null;
  const jobs = await Job.find({ ...tenant, ...match }, { _id: 1 }).setOptions({ crossTenant }).lean();
  return jobs.map((j) => j._id);
}

/** The filters as a person reads them, for the page's chips and the export's header block. */
export async function describeFilters(scope: ReportScope, f: ReportFilters): Promise<{ key: string; label: string; value: string }[]> {
  const out: { key: string; label: string; value: string }[] = [];
  const tenant = scope.customerId ? { customerId: scope.customerId } : {};
  const crossTenant = !scope.customerId;
  const name = async (key: string, label: string, find: () => Promise<string | null | undefined>) => out.push({ key, label, value: (await find()) ?? '(not found)' });
  if (scope.kind === 'platform') {
    await name('companyId', 'Company', async () => (scope.customerId ? (await Customer.findById(scope.customerId, { name: 1 }).lean())?.name : 'All companies'));
  }
  if (f.businessUnitId) await name('businessUnitId', 'Business unit', async () => (await BusinessUnit.findOne({ ...tenant, _id: f.businessUnitId }, { name: 1 }).setOptions({ crossTenant }).lean())?.name);
  if (f.departmentId) await name('departmentId', 'Department', async () => (await Department.findOne({ ...tenant, _id: f.departmentId }, { name: 1 }).setOptions({ crossTenant }).lean())?.name);
  if (f.locationId) await name('locationId', 'Location', async () => (await Location.findOne({ ...tenant, _id: f.locationId }, { name: 1 }).setOptions({ crossTenant }).lean())?.name);
  if (f.jobId) await name('jobId', 'Job', async () => (await Job.findOne({ ...tenant, _id: f.jobId }, { title: 1 }).setOptions({ crossTenant }).lean())?.title);
  if (f.recruiterId) {
    await name('recruiterId', 'Recruiter', async () => {
      const u = await User.findOne({ ...tenant, _id: f.recruiterId }, { firstName: 1, lastName: 1 }).setOptions({ crossTenant }).lean();
      return u ? `${u.firstName} ${u.lastName}`.trim() : null;
    });
  }
  if (f.source) out.push({ key: 'source', label: 'Source', value: ApplicationSourceLabels[f.source] });
  if (f.asOf) out.push({ key: 'asOf', label: 'On', value: dayString(new Date(f.asOf.getTime() - DayMs)) });
  if (f.candidateId) {
    await name('candidateId', 'Candidate', async () => {
      const c = await Candidate.findOne({ ...tenant, _id: f.candidateId }, { firstName: 1, lastName: 1 }).setOptions({ crossTenant }).lean();
      return c ? `${c.firstName} ${c.lastName}`.trim() : null;
    });
  }
  return out;
}

export const toObjectId = (v: string | undefined) => (v ? new Types.ObjectId(v) : undefined);
export const endOfDay = (day: string) => new Date(parseDay(day).getTime() + DayMs);
