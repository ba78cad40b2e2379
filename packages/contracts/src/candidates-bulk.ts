import { z } from 'zod';
import { ZObjectId, zText } from './common';
import { CandidateDatabase } from './candidates';

// ---------------------------------------------------------------------------------------------
// Bulk actions on candidate lists (issue 13): tag, add to a job, export to Excel. Add to a campaign
// is the campaign wizard's own call (it receives the selection).
// ---------------------------------------------------------------------------------------------

export const CandidatesBulkApi = {
  tags: '/api/candidates/bulk/tags',
  addToJob: '/api/candidates/bulk/add-to-job',
  export: '/api/candidates/bulk/export',
} as const;

export const CandidatesBulk = {
  /** The most candidates one bulk call takes. */
  maxIds: 1000,
  /** The most tags one call adds or removes. */
  maxTagsPerCall: 20,
} as const;

export const CandidatesBulkMessages = {
  tooMany: `Select at most ${CandidatesBulk.maxIds} candidates at a time.`,
  noTagChange: 'Name at least one tag to add or remove.',
  jobNotOpen: 'Candidates can only be added to an open or on-hold job.',
  jobHasNoStages: 'This job has no pipeline stages.',
} as const;

export const ZBulkCandidateIds = z
  .array(ZObjectId, { error: 'must be a list of candidate ids' })
  .min(1, { error: 'select at least one candidate' })
  .max(CandidatesBulk.maxIds, { error: CandidatesBulkMessages.tooMany })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

const ZBulkTag = zText()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(CandidateDatabase.maxTagLength, { error: 'is too long' });

export const ZBulkTagsRequest = z
  .object({
    candidateIds: ZBulkCandidateIds,
    add: z.array(ZBulkTag).max(CandidatesBulk.maxTagsPerCall, { error: `may name at most ${CandidatesBulk.maxTagsPerCall} tags` }).default([]),
    remove: z.array(ZBulkTag).max(CandidatesBulk.maxTagsPerCall, { error: `may name at most ${CandidatesBulk.maxTagsPerCall} tags` }).default([]),
  })
  .refine((r) => r.add.length + r.remove.length > 0, { error: CandidatesBulkMessages.noTagChange });
export type TBulkTagsRequest = z.input<typeof ZBulkTagsRequest>;

/**
 * Candidates changed, ids that are not (or no longer) in the caller's database, and candidates left as
 * they were because the added tags would take them over CandidateDatabase.maxTags.
 */
export const ZBulkTagsResult = z.object({ updated: z.number(), notFound: z.number(), tooManyTags: z.number() });
export type TBulkTagsResult = z.infer<typeof ZBulkTagsResult>;

export const ZBulkAddToJobRequest = z.object({ candidateIds: ZBulkCandidateIds, jobId: ZObjectId });
export type TBulkAddToJobRequest = z.input<typeof ZBulkAddToJobRequest>;

/** Applications created, candidates already on the job (left as they were), and unknown ids. */
export const ZBulkAddToJobResult = z.object({ added: z.number(), alreadyOnJob: z.number(), notFound: z.number() });
export type TBulkAddToJobResult = z.infer<typeof ZBulkAddToJobResult>;

export const ZBulkExportRequest = z.object({ candidateIds: ZBulkCandidateIds });
export type TBulkExportRequest = z.input<typeof ZBulkExportRequest>;
