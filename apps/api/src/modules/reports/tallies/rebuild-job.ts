import { Types } from 'mongoose';
import { enqueueJob, type JobDefinition } from '../../../lib/job-queue';
import { AppError } from '../../../lib/app-error';
import type { UserDoc } from '../../users/user.model';
import { Customer } from '../../org/customer.model';
import { rebuildAllTallies } from './rebuild';

/**
 * The repair of the maintained report figures: recomputes the tallies of one company, or of every
 * company one after another, from their raw events (`rebuildAllTallies`). A background job because a
 * large company takes a while; a repeat is harmless (each company's rebuild replaces its tallies in
 * one transaction). Started by the super admin (POST /api/superadmin/reports/rebuild) or the CLI.
 */
type Payload = { companyId: string | null };
export type RebuildResult = { companies: number; documents: number };

/** Every company's id, or just the one named (404 when there is no such company). */
export async function companiesToRebuild(companyId: string | null | undefined): Promise<Types.ObjectId[]> {
  if (companyId) {
    const one = await Customer.findById(companyId, { _id: 1 }).lean();
    if (!one) throw AppError.notFound('Company');
    return [one._id];
  }
  return (await Customer.find({}, { _id: 1 }).sort({ _id: 1 }).lean()).map((c) => c._id);
}

/** Rebuilds the companies in turn; `onCompany` hears after each. */
export async function rebuildCompanies(ids: Types.ObjectId[], onCompany?: (done: number, documents: number) => Promise<void> | void): Promise<RebuildResult> {
  let documents = 0;
  let done = 0;
  for (const id of ids) {
    documents += (await rebuildAllTallies(id)).documents;
    done += 1;
    await onCompany?.(done, documents);
  }
  return { companies: ids.length, documents };
}

export const RebuildTalliesJob: JobDefinition<Payload> = {
  name: 'reports.rebuild-tallies',
  maxAttempts: 2,
  backoff: { baseMs: 30_000, maxMs: 30_000 },
  handler: async ({ companyId }, ctx): Promise<RebuildResult> => {
    const ids = await companiesToRebuild(companyId);
    await ctx.progress(0, `Rebuilding the report figures of ${ids.length} ${ids.length === 1 ? 'company' : 'companies'}…`);
    return rebuildCompanies(ids, (done) => ctx.progress(Math.round((done / Math.max(1, ids.length)) * 100), `${done} of ${ids.length} companies rebuilt`));
  },
};

/** Queues the rebuild (the super admin's call); answers the job id. An unknown company is a 404 now. */
export async function startTalliesRebuild({ companyId, actor }: { companyId?: string; actor: UserDoc }): Promise<{ jobId: string }> {
  if (companyId) await companiesToRebuild(companyId);
  const job = await enqueueJob(RebuildTalliesJob.name, { companyId: companyId ?? null } satisfies Payload, {
    maxAttempts: RebuildTalliesJob.maxAttempts,
    customerId: companyId ? new Types.ObjectId(companyId) : null,
    requestedBy: actor._id,
  });
  return { jobId: String(job._id) };
}
