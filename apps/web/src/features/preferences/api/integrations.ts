import { queryOptions, useQuery } from '@tanstack/react-query';
import { PreferencesApi, ZIntegrationsResponse } from '@hireflow/contracts/preferences';
import { apiGet } from '@/lib/api-client';

export const getIntegrations = () => apiGet(PreferencesApi.integrations, ZIntegrationsResponse);
export const getIntegrationsQueryOptions = () => queryOptions({ queryKey: ['preferences', 'integrations'], queryFn: getIntegrations });
export const useIntegrations = () => useQuery(getIntegrationsQueryOptions());
