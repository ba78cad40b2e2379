import { useMutation } from '@tanstack/react-query';
import { OrgApi, ZProveDomainResponse } from '@hireflow/contracts/org';
import { apiPost } from '@/lib/api-client';

/** The proof link's key (from the mail to an address at the domain): makes the company's claim active. */
export const proveDomain = ({ key }: { key: string }) => apiPost(OrgApi.proveDomain, { key }, ZProveDomainResponse);

export const useProveDomain = () => useMutation({ mutationFn: proveDomain });
