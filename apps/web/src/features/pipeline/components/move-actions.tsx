import { Suspense, lazy, useState } from 'react';
import { Alert, Button, Group, Loader, Menu } from '@mantine/core';
import type { TStageKind } from '@hireflow/contracts/jobs';
import type { TMoveApplicationResult } from '@hireflow/contracts/pipeline';
import { errorMessage } from '@/lib/api-client';
import { useMoveApplication } from '../api/move-application';

// The dialog (its selects and the mail templates) loads on the first "Reject…": a page that lists applicants stays light.
const RejectDialog = lazy(() => import('../rejections/reject-dialog').then((m) => ({ default: m.RejectDialog })));

export type MoveStage = { id: string; name: string; kind: TStageKind };

/**
 * "Move to…" (any other stage of the job's pipeline but a rejected one) and "Reject…" (the reject dialog:
 * a reason of the list or a withdrawal, and an optional mail) for one application. A refusal is shown
 * beside the buttons; what the move changed comes back through the refreshed queries.
 */
export function MoveActions({
  applicationId,
  name,
  stages,
  currentStageId,
  size = 'compact-sm',
  onMoved,
}: {
  applicationId: string;
  /** The applicant's name, for the buttons' accessible names and the dialog's title. */
  name: string;
  stages: MoveStage[];
  currentStageId: string;
  size?: 'compact-sm' | 'sm';
  onMoved?: (result: TMoveApplicationResult) => void;
}) {
  const move = useMoveApplication();
  const [rejecting, setRejecting] = useState(false);
  const current = stages.find((s) => s.id === currentStageId);
  const targets = stages.filter((s) => s.id !== currentStageId && s.kind !== 'rejected');
  const rejectStage = stages.find((s) => s.kind === 'rejected');
  const inRejected = current?.kind === 'rejected';
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size={size} variant="light" aria-label={`Move ${name} to…`} loading={move.isPending && !rejecting} disabled={targets.length === 0}>
              Move to…
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label={`Stages for ${name}`}>
            {targets.map((s) => (
              <Menu.Item key={s.id} onClick={() => move.mutate({ applicationId, input: { stageId: s.id } }, { onSuccess: (r) => onMoved?.(r) })}>
                {s.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {rejectStage && !inRejected ? (
          <Button size={size} variant="subtle" color="red" aria-label={`Reject ${name}…`} onClick={() => (move.reset(), setRejecting(true))}>
            Reject…
          </Button>
        ) : null}
      </Group>
      {move.isError && !rejecting ? (
        <Alert color="red" role="alert" mt={4} p="xs" withCloseButton closeButtonLabel="Dismiss" onClose={() => move.reset()}>
          {errorMessage(move.error)}
        </Alert>
      ) : null}
      {rejectStage && rejecting ? (
        <Suspense fallback={<Loader size="xs" role="progressbar" aria-label="Loading the reject dialog" />}>
          <RejectDialog
            opened={rejecting}
            who={name}
            busy={move.isPending}
            error={move.isError ? errorMessage(move.error) : null}
            onClose={() => (setRejecting(false), move.reset())}
            onConfirm={(decision) =>
              move.mutate(
                { applicationId, input: { stageId: rejectStage.id, ...decision } },
                {
                  onSuccess: (r) => {
                    setRejecting(false);
                    onMoved?.(r);
                  },
                },
              )
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
