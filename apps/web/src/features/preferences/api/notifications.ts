import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PreferencesApi, ZNotificationPreferencesResponse, type TNotificationPreferences } from '@hireflow/contracts/preferences';
import { apiGet, apiPost } from '@/lib/api-client';

export const getNotifications = () => apiGet(PreferencesApi.notifications, ZNotificationPreferencesResponse);
export const getNotificationsQueryOptions = () => queryOptions({ queryKey: ['preferences', 'notifications'], queryFn: getNotifications });
export const useNotifications = () => useQuery(getNotificationsQueryOptions());

export const updateNotifications = (body: Partial<TNotificationPreferences>) => apiPost(PreferencesApi.notifications, body, ZNotificationPreferencesResponse);

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (data) => queryClient.setQueryData(getNotificationsQueryOptions().queryKey, data),
  });
}
