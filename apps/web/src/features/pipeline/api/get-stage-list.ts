import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { StageListApi, ZStageListResponse, type TStageListQuery } from '@hireflow/contracts/pipeline';
import { apiGet } from '@/lib/api-client';

export function getStageList(params: TStageListQuery) {
  return apiGet(StageListApi.list, ZStageListResponse, { params });
}

export function getStageListQueryOptions(params: TStageListQuery) {
  return queryOptions({ queryKey: ['pipeline', 'stage-list', params], queryFn: () => getStageList(params), placeholderData: keepPreviousData });
}

/** One page of a stage list (/workflow/{stage}); the previous page stays on screen while the next loads. */
export function useStageList(params: TStageListQuery) {
  return useQuery(getStageListQueryOptions(params));
}
