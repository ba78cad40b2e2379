import { z } from 'zod';

/**
 * Large exports run as background jobs: starting one answers a job id at once; the status says how far
 * it is, and once done where to download the file. The file is the asker's alone and expires.
 */
export const ExportsApi = {
  status: '/api/exports/:id',
  file: '/api/exports/:id/file',
} as const;

export const ExportRules = { keepHours: 24, startsPerUser: 10, startsWindowSeconds: 10 * 60 } as const;

export const ExportStates = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type TExportState = (typeof ExportStates)[number];

export const ZStartExportResponse = z.object({ jobId: z.string() });
export type TStartExportResponse = z.infer<typeof ZStartExportResponse>;

export const ZExportStatus = z.object({
  jobId: z.string(),
  state: z.enum(ExportStates),
  /** 0-100 */
  progress: z.number(),
  message: z.string(),
  fileUrl: z.string().optional(),
  fileName: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type TExportStatus = z.infer<typeof ZExportStatus>;

export const ExportMessages = {
  queued: 'Waiting to start…',
  failed: 'The export could not be prepared. Please try again.',
  expired: `This export has expired (files are kept ${ExportRules.keepHours} hours). Start a new one.`,
  tooMany: 'Too many exports started. Please wait a few minutes.',
} as const;
