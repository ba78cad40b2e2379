import { useMutation } from '@tanstack/react-query';
import { IntakeApi, ZImportPreview } from '@hireflow/contracts/candidates-intake';
import { apiPost } from '@/lib/api-client';

const contentTypeOf = (file: File) =>
  file.type || (file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

/** POST /api/candidates/import: the file as the body; answers its columns, a sample and a guessed mapping. */
export function uploadImport(file: File) {
  return apiPost(IntakeApi.importUpload, file, ZImportPreview, { headers: { 'Content-Type': contentTypeOf(file), 'X-File-Name': encodeURIComponent(file.name) } });
}

export function useUploadImport() {
  return useMutation({ mutationFn: uploadImport });
}
