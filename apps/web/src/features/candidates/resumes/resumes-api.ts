import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath } from '@hireflow/contracts/routes';
import {
  ResumesApi,
  ZResumeBatch,
  ZResumeBatchCommitResult,
  ZResumePreview,
  ZResumeUploaded,
  ZSkillsVocabulary,
  type TResumeBatch,
  type TResumeBatchCommit,
} from '@hireflow/contracts/candidates-resumes';
import { api, apiDelete, apiGet, apiPost } from '@/lib/api-client';

/** Who may upload résumés and add candidates (the API's assertManagesCandidates). */

const previewKey = (candidateId: string) => ['candidates', candidateId, 'resume-preview'];

/** How a candidate's résumé shows inline; asked again every few seconds while its text is still being read. */
export function useResumePreview(candidateId: string) {
  return useQuery({
    queryKey: previewKey(candidateId),
    queryFn: () => apiGet(buildPath(ResumesApi.preview, { id: candidateId }), ZResumePreview),
    refetchInterval: (query) => (query.state.data?.textState === 'pending' ? 3000 : false),
  });
}

/** A stored file as a blob URL the browser's PDF viewer can open (the download needs the bearer token). */
export function useFileBlobUrl(fileId: string | null, contentType: string) {
  const query = useQuery({
    queryKey: ['files', fileId],
    enabled: Boolean(fileId),
    staleTime: Infinity,
    gcTime: 60_000,
    queryFn: async () => {
      const res = await api.get<Blob>(`/api/files/${fileId}`, { responseType: 'blob' });
      return new Blob([res.data], { type: contentType });
    },
  });
  return query;
}

export function useUploadResume(candidateId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('resume', file);
      return apiPost(buildPath(ResumesApi.resume, { id: candidateId }), form, ZResumeUploaded);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['candidates', candidateId] }),
  });
}

export function useCreateResumeBatch() {
  return useMutation({
    mutationFn: ({ files, onProgress }: { files: File[]; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      for (const file of files) form.append('files', file);
      return apiPost(ResumesApi.batches, form, ZResumeBatch, {
        onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
      });
    },
  });
}

/** A bulk upload's progress, asked again every second and a half until every file's text is read. */
export function useResumeBatch(id: string | null) {
  return useQuery({
    queryKey: ['candidates', 'resume-batches', id],
    enabled: Boolean(id),
    queryFn: () => apiGet(buildPath(ResumesApi.batch, { id: id! }), ZResumeBatch),
    refetchInterval: (query) => {
      const data = query.state.data as TResumeBatch | undefined;
      return data && data.done < data.total ? 1500 : false;
    },
  });
}

export function useCommitResumeBatch(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TResumeBatchCommit) => apiPost(buildPath(ResumesApi.batchCommit, { id }), body, ZResumeBatchCommitResult),
    onSuccess: () => client.invalidateQueries({ queryKey: ['candidates'] }),
  });
}

const skillsKey = ['candidates', 'skills-vocabulary'];

export function useSkillsVocabulary() {
  return useQuery({ queryKey: skillsKey, queryFn: () => apiGet(ResumesApi.skillsVocabulary, ZSkillsVocabulary) });
}

export function useAddSkill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost(ResumesApi.skillsVocabulary, { name }, ZSkillsVocabulary),
    onSuccess: (data) => client.setQueryData(skillsKey, data),
  });
}

export function useRemoveSkill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiDelete(buildPath(ResumesApi.skillsVocabularyItem, { name }), ZSkillsVocabulary),
    onSuccess: (data) => client.setQueryData(skillsKey, data),
  });
}
