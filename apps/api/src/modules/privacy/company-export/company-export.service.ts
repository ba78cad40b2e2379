import type { Types } from 'mongoose';
import type { Config } from '../../../config';
import { QueueJob } from '../../../lib/job-queue.model';
import { startExport } from '../../exports/exports.service';
import { recordAudit } from '../audit/audit';
import { CompanyExportJob } from './company-export.zip';

/**
 * Starts the whole company's export for an admin (a background job: its status and file are at
 * /api/exports/:id, the asker's alone). While one of theirs is still queued or running, asking again
 * answers that one instead of starting a second. Audited as company_exported.
 */
export async function startCompanyExport({ config, customerId, actor, at }: { config: Pick<Config, 'rateLimitDisabled'>; customerId: Types.ObjectId; actor: { id: Types.ObjectId; name: string }; at: Date }) {
  const running = await QueueJob.findOne({ customerId, requestedBy: actor.id, name: CompanyExportJob.name, state: { $in: ['queued', 'running'] } }, { _id: 1 }).lean();
  if (running) return { jobId: String(running._id) };
  const started = await startExport({ config, definition: CompanyExportJob, payload: { customerId: String(customerId), requestedBy: String(actor.id) } });
  await recordAudit({ customerId, action: 'company_exported', at, actor, detail: "The whole company's data as one ZIP (JSON and files)" });
  return started;
}
