import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AutomationsApi, ZStageAutomations, ZStageAutomationsList, type TSaveStageAutomationsRequest, type TStageAutomationsList } from '@hireflow/contracts/pipeline';
import { apiGet, apiPut } from '@/lib/api-client';

export const stageAutomationsKey = ['pipeline', 'stage-automations'] as const;

/** Every stage of the company's workflow template with its automations (admins, workflow settings). */
export function useStageAutomations() {
  return useQuery({ queryKey: stageAutomationsKey, queryFn: () => apiGet(AutomationsApi.list, ZStageAutomationsList) });
}

/** Replaces one template stage's automations; the list takes the saved stage at once. */
export function useSaveStageAutomations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ stageId, body }: { stageId: string; body: TSaveStageAutomationsRequest }) => apiPut(AutomationsApi.stage(stageId), body, ZStageAutomations),
    onSuccess: (saved) => {
      client.setQueryData<TStageAutomationsList>(stageAutomationsKey, (list) => list && { stages: list.stages.map((s) => (s.stageId === saved.stageId ? saved : s)) });
    },
  });
}
