import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InterviewApi, ZWorkingHours, type TWorkingHours } from '@hireflow/contracts/interviews';
import { apiGet, apiPut } from '@/lib/api-client';

/** GET/PUT /api/user/working-hours: the signed-in user's own working hours and time zone. */
export const getWorkingHours = () => apiGet(InterviewApi.workingHours, ZWorkingHours);
export const getWorkingHoursQueryOptions = () => queryOptions({ queryKey: ['working-hours'], queryFn: getWorkingHours });
export const useWorkingHours = () => useQuery(getWorkingHoursQueryOptions());

export const saveWorkingHours = (body: TWorkingHours) => apiPut(InterviewApi.workingHours, body, ZWorkingHours);

/** Saving also sets the user's time zone, so the profile (which shows it) is read again. */
export function useSaveWorkingHours({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkingHours,
    onSuccess: async (saved) => {
      queryClient.setQueryData(getWorkingHoursQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['preferences', 'profile'] });
      onSuccess?.();
    },
  });
}
