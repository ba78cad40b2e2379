import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ScreeningQuestionsApi,
  ZScreeningQuestion,
  ZScreeningQuestionList,
  ZScreeningQuestionSearchResult,
  type TCreateScreeningQuestion,
  type TUpdateScreeningQuestion,
} from '@hireflow/contracts/candidates-questions';
import { buildPath } from '@hireflow/contracts/routes';
import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';
import { toSearchText } from '@/lib/search-text';

const listKey = ['candidates', 'screening-questions'] as const;

export function getQuestionsQueryOptions({ page, q }: { page: number; q: string }) {
  return queryOptions({
    queryKey: [...listKey, 'list', { page, q }],
    queryFn: () => apiGet(ScreeningQuestionsApi.list, ZScreeningQuestionList, { params: { page, ...(q.trim() ? { q: q.trim() } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export const useScreeningQuestions = (params: { page: number; q: string }) => useQuery(getQuestionsQueryOptions(params));

/** SPEC `POST /api/search/custom/questions/{text}`: the bank's active questions containing the text. */
export function searchScreeningQuestions(text: string) {
  return apiPost(buildPath(ScreeningQuestionsApi.search, { text: toSearchText(text) }), {}, ZScreeningQuestionSearchResult);
}

export function useSearchScreeningQuestions(text: string, enabled = true) {
  return useQuery({ queryKey: [...listKey, 'search', text.trim()], queryFn: () => searchScreeningQuestions(text), enabled, placeholderData: keepPreviousData });
}

function useBankMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: listKey }) });
}

export const useCreateScreeningQuestion = () => useBankMutation((body: TCreateScreeningQuestion) => apiPost(ScreeningQuestionsApi.list, body, ZScreeningQuestion));
export const useUpdateScreeningQuestion = () =>
  useBankMutation(({ id, ...body }: TUpdateScreeningQuestion & { id: string }) => apiPatch(buildPath(ScreeningQuestionsApi.one, { id }), body, ZScreeningQuestion));
export const useDeleteScreeningQuestion = () => useBankMutation((id: string) => apiDelete(buildPath(ScreeningQuestionsApi.one, { id }), z.unknown()));
