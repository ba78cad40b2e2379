import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { PipelineApi, ZMoveApplicationResult, type TMoveApplicationRequest } from '@hireflow/contracts/pipeline';
import { apiPost } from '@/lib/api-client';

export function moveApplication(applicationId: string, input: TMoveApplicationRequest) {
  return apiPost(PipelineApi.move(applicationId), input, ZMoveApplicationResult);
}

/**
 * Moves one application. Pipeline views (all under ['pipeline']), the job's page and candidate data
 * refresh once it is done; the board patches its own cache at once and rolls back on a refusal.
 */
export function useMoveApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, input }: { applicationId: string; input: TMoveApplicationRequest }) => moveApplication(applicationId, input),
    // The move stood but its mails could not be queued: say so wherever it was made.
    onSuccess: (result) => {
      if (result.notice) notifications.show({ message: result.notice, color: 'yellow' });
    },
    onSettled: (_result, _error, { applicationId }) => {
      void client.invalidateQueries({ queryKey: ['pipeline'] });
      void client.invalidateQueries({ queryKey: ['jobs'] });
      void client.invalidateQueries({ queryKey: ['candidates'] });
      void client.invalidateQueries({ queryKey: ['application', applicationId] });
      // Entering or leaving an offer stage decides whether an offer can be made.
      void client.invalidateQueries({ queryKey: ['offers'] });
    },
  });
}
