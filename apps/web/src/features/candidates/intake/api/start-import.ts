import { useMutation } from '@tanstack/react-query';
import { IntakeApi, type TImportMapping } from '@hireflow/contracts/candidates-intake';
import { ZStartExportResponse } from '@hireflow/contracts/exports';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

/** POST /api/candidates/import/:uploadId/run: queues the import; answers its job id. */
export function startImport({ uploadId, mapping }: { uploadId: string; mapping: TImportMapping }) {
  return apiPost(buildPath(IntakeApi.importRun, { uploadId }), { mapping }, ZStartExportResponse);
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}
