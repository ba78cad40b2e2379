import { queryOptions, useQuery } from '@tanstack/react-query';
import { AvailabilityApi, ZOfficeAddressList } from '@hireflow/contracts/interviews-availability';
import { apiGet } from '@/lib/api-client';

/** The company's office addresses (where meeting rooms are). */
export const getOfficeAddresses = () => apiGet(AvailabilityApi.officeAddresses, ZOfficeAddressList);
export const getOfficeAddressesQueryOptions = () => queryOptions({ queryKey: ['office-addresses'], queryFn: getOfficeAddresses, staleTime: 60_000 });
export const useOfficeAddresses = () => useQuery(getOfficeAddressesQueryOptions());
