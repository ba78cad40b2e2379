import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OrgApi, ZDomainsResponse } from '@hireflow/contracts/org';
import { buildPath } from '@hireflow/contracts/routes';
import { api, apiGet, apiPost } from '@/lib/api-client';

export const getDomains = () => apiGet(OrgApi.domains, ZDomainsResponse);
export const getDomainsQueryOptions = () => queryOptions({ queryKey: ['org', 'domains'], queryFn: getDomains });
export const useDomains = () => useQuery(getDomainsQueryOptions());

export const addDomain = (domain: string) => apiPost(OrgApi.domains, { domain }, ZDomainsResponse);
export const renameDomain = ({ from, to }: { from: string; to: string }) => apiPost(buildPath(OrgApi.domain, { domain: from }), { domain: to }, ZDomainsResponse);
export const removeDomain = async (domain: string) => ZDomainsResponse.parse((await api.delete(buildPath(OrgApi.domain, { domain }))).data);

function useDomainMutation<T>(mutationFn: (vars: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: getDomainsQueryOptions().queryKey }) });
}
export const useAddDomain = () => useDomainMutation(addDomain);
export const useRenameDomain = () => useDomainMutation(renameDomain);
export const useRemoveDomain = () => useDomainMutation(removeDomain);
