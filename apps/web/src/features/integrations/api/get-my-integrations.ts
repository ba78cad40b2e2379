import { queryOptions, useQuery } from '@tanstack/react-query';
import { IntegrationsApi, ZMyIntegrations } from '@hireflow/contracts/integrations';
import { apiGet } from '@/lib/api-client';

/** GET /api/integrations/mine: my connections, which providers are configured, and broken-connection warnings. */
export const getMyIntegrations = () => apiGet(IntegrationsApi.mine, ZMyIntegrations);

export const getMyIntegrationsQueryOptions = () => queryOptions({ queryKey: ['integrations', 'mine'], queryFn: getMyIntegrations });

export const useMyIntegrations = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getMyIntegrationsQueryOptions(), enabled });
