import { useMutation } from '@tanstack/react-query';
import { IntakeApi, ZImportReport, type TImportMapping } from '@hireflow/contracts/candidates-intake';
import { buildPath } from '@hireflow/contracts/routes';
import { apiPost } from '@/lib/api-client';

/** POST /api/candidates/import/:uploadId/dry-run: what each row would do; writes nothing. */
export function dryRunImport({ uploadId, mapping }: { uploadId: string; mapping: TImportMapping }) {
  return apiPost(buildPath(IntakeApi.importDryRun, { uploadId }), { mapping }, ZImportReport);
}

export function useDryRunImport() {
  return useMutation({ mutationFn: dryRunImport });
}
