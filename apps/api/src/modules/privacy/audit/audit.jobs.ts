import type { Types } from 'mongoose';
import { DefaultPrivacySettings } from '@hireflow/contracts/privacy';
import { registerRecurringJob, type JobDefinition } from '../../../lib/job-queue';
import { Customer } from '../../org/customer.model';
import { AuditEntry } from './audit-entry.model';
import { AuditExportJob } from './audit-export';

export const AuditPurgeEveryMs = 24 * 3600_000;

/** `months` calendar months before `now` (UTC; a day past the shorter month's end falls back to its last day). */
export function monthsBefore(now: Date, months: number) {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Deletes each company's entries older than its auditMonths, judged by `now`; answers how many went. */
export async function purgeAuditTrail(now: Date) {
  let deleted = 0;
  for await (const c of Customer.find({}, { 'privacy.auditMonths': 1 }).lean<{ _id: Types.ObjectId; privacy?: { auditMonths?: number | null } }[]>().cursor()) {
    const months = c.privacy?.auditMonths ?? DefaultPrivacySettings.auditMonths;
    const result = await AuditEntry.deleteMany({ customerId: c._id, at: { $lt: monthsBefore(now, months) } });
    deleted += result.deletedCount;
  }
  return deleted;
}

/** The daily clean-up of the trail (by the worker's clock, so tests move time instead of waiting). */
export const AuditPurgeJob = registerRecurringJob(
  { name: 'privacy.audit-purge', maxAttempts: 3, handler: async (_payload, ctx) => ({ deleted: await purgeAuditTrail(ctx.now()) }) },
  AuditPurgeEveryMs,
);

/** The background jobs of privacy/audit (listed by privacy.jobs.ts). */
export const auditJobs: JobDefinition[] = [AuditPurgeJob, AuditExportJob];
