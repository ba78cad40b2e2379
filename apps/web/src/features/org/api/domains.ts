import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OrgApi, ZDomainProofResponse, ZDomainsResponse } from '@hireflow/contracts/org';
import { buildPath } from '@hireflow/contracts/routes';
import { api, apiGet, apiPost } from '@/lib/api-client';

export const getDomains = () => apiGet(OrgApi.domains, ZDomainsResponse);
export const getDomainsQueryOptions = () => queryOptions({ queryKey: ['org', 'domains'], queryFn: getDomains });
export const useDomains = () => useQuery(getDomainsQueryOptions());

export const addDomain = (domain: string) => apiPost(OrgApi.domains, { domain }, ZDomainsResponse);
export const renameDomain = ({ from, to }: { from: string; to: string }) => apiPost(buildPath(OrgApi.domain, { domain: from }), { domain: to }, ZDomainsResponse);
export const removeDomain = async (domain: string) => ZDomainsResponse.parse((await api.delete(buildPath(OrgApi.domain, { domain }))).data);

/** Mails a single-use link to an address at the claimed domain; opening it makes the domain active. */
export const sendDomainProof = ({ domain, email }: { domain: string; email: string }) =>
  apiPost(buildPath(OrgApi.domainProof, { domain }), { email }, ZDomainProofResponse);

function useDomainMutation<T, R>(mutationFn: (vars: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: getDomainsQueryOptions().queryKey }) });
}
export const useAddDomain = () => useDomainMutation(addDomain);
export const useRenameDomain = () => useDomainMutation(renameDomain);
export const useRemoveDomain = () => useDomainMutation(removeDomain);
export const useSendDomainProof = () => useDomainMutation(sendDomainProof);
