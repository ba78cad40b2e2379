import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { IntegrationsApi, ZConnection } from '@hireflow/contracts/integrations';
import { apiGet } from '@/lib/api-client';

/** GET /api/integrations/shared-addresses (admins): the company's shared sending addresses. */
export const getSharedAddresses = () => apiGet(IntegrationsApi.sharedAddresses, z.array(ZConnection));

export const getSharedAddressesQueryOptions = () => queryOptions({ queryKey: ['integrations', 'shared-addresses'], queryFn: getSharedAddresses });

export const useSharedAddresses = () => useQuery(getSharedAddressesQueryOptions());
