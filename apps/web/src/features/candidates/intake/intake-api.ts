import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCandidateSummary, type TCandidateFields } from '@hireflow/contracts/candidates';
import {
  IntakeApi,
  ZDuplicateList,
  ZImportJobStatus,
  ZImportPreview,
  ZImportReport,
  ZMergeResult,
  type TImportJobStatus,
  type TImportMapping,
} from '@hireflow/contracts/candidates-intake';
import { buildPath } from '@hireflow/contracts/routes';
import { ZStartExportResponse } from '@hireflow/contracts/exports';
import { apiGet, apiPost } from '@/lib/api-client';

/** Who may add, import and merge candidates (the API decides too): recruiters, admins, super users. */
export function managesCandidates(user: { role: string; admin: boolean; superUser: boolean } | null | undefined) {
  return Boolean(user && (user.role === 'recruiter' || user.admin || user.superUser));
}

export function useAddCandidate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCandidateFields) => apiPost(IntakeApi.create, body, ZCandidateSummary),
    onSuccess: () => client.invalidateQueries({ queryKey: ['candidates'] }),
  });
}

export type DuplicateProbe = { email: string; phone: string; firstName: string; lastName: string; currentCompany: string };

/** Likely duplicates of what the add form holds (asked once something matchable is typed). */
export function useDuplicateCheck(probe: DuplicateProbe) {
  const matchable = Boolean(probe.email.trim() || probe.phone.replace(/\D/g, '').length >= 7 || (probe.firstName.trim() && probe.currentCompany.trim()));
  return useQuery({
    queryKey: ['candidates', 'duplicates-check', probe],
    queryFn: () => apiGet(`${IntakeApi.duplicatesCheck}?${new URLSearchParams(probe).toString()}`, ZDuplicateList),
    enabled: matchable,
    staleTime: 30_000,
  });
}

export function useCandidateDuplicates(candidateId: string) {
  return useQuery({
    queryKey: ['candidates', candidateId, 'duplicates'],
    queryFn: () => apiGet(buildPath(IntakeApi.duplicatesOf, { id: candidateId }), ZDuplicateList),
  });
}

export function useMergeCandidates(candidateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (otherId: string) => apiPost(buildPath(IntakeApi.merge, { id: candidateId }), { otherId }, ZMergeResult),
    onSuccess: () => client.invalidateQueries({ queryKey: ['candidates'] }),
  });
}

const contentTypeOf = (file: File) =>
  file.type || (file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

export function useUploadImport() {
  return useMutation({
    mutationFn: (file: File) =>
      apiPost(IntakeApi.importUpload, file, ZImportPreview, { headers: { 'Content-Type': contentTypeOf(file), 'X-File-Name': encodeURIComponent(file.name) } }),
  });
}

export function useDryRunImport() {
  return useMutation({
    mutationFn: ({ uploadId, mapping }: { uploadId: string; mapping: TImportMapping }) => apiPost(buildPath(IntakeApi.importDryRun, { uploadId }), { mapping }, ZImportReport),
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: ({ uploadId, mapping }: { uploadId: string; mapping: TImportMapping }) =>
      apiPost(buildPath(IntakeApi.importRun, { uploadId }), { mapping }, ZStartExportResponse),
  });
}

/** How often the import page asks how far the import is (as the exports do). */
export const ImportPollMs = 1000;
const settled = (s: TImportJobStatus | undefined) => !!s && (s.state === 'done' || s.state === 'failed');

export function useImportStatus(jobId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['candidates', 'import', jobId],
    queryFn: async () => {
      const status = await apiGet(buildPath(IntakeApi.importStatus, { jobId: jobId ?? '' }), ZImportJobStatus);
      if (status.state === 'done') void client.invalidateQueries({ queryKey: ['candidates'], predicate: (q) => q.queryKey[1] !== 'import' });
      return status;
    },
    enabled: Boolean(jobId),
    staleTime: 0,
    refetchInterval: (query) => (settled(query.state.data) ? false : ImportPollMs),
  });
}
