import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Grid, Group, Kbd, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { errorMessage } from '@/lib/api-client';
import { RejectDialog } from '../rejections/reject-dialog';
import { ScreeningApplicant } from './screening-applicant';
import { ScreeningResume } from './screening-resume';
import { ShortcutsDialog, useScreeningKeys } from './screening-shortcuts';
import { useScreeningSession, type ScreeningList } from './use-screening-session';

function ActionButton({ label, keys, hint, onClick, disabled, color, variant = 'filled' }: { label: string; keys: string; hint: string; onClick: () => void; disabled?: boolean; color?: string; variant?: string }) {
  return (
    <Button size="lg" onClick={onClick} disabled={disabled} color={color} variant={variant} aria-keyshortcuts={keys} rightSection={<Kbd aria-hidden>{hint}</Kbd>}>
      {label}
    </Button>
  );
}

/**
 * One applicant at a time: the decision buttons (and their keys), the profile and answers beside the résumé
 * (the résumé below them on a narrow screen), what is left, and every decision announced to screen readers.
 */
export function SpeedScreener({ jobId, list }: { jobId: string | null; list: ScreeningList }) {
  const session = useScreeningSession({ jobId, list });
  const [rejecting, setRejecting] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const { current, decision, actions } = session;
  const open = Boolean(current && !decision);

  useScreeningKeys(
    {
      advance: () => open && actions.advance(),
      reject: () => open && current?.rejectStage && setRejecting(true),
      hold: () => open && actions.hold(),
      skip: actions.skip,
      previous: actions.previous,
      undo: actions.undo,
      help: () => setHelpOpen(true),
    },
    { paused: rejecting || helpOpen },
  );

  const board = jobId ? `${Paths.workflow}?jobId=${jobId}` : Paths.workflow;
  let body;
  if (session.failed) body = <Alert color="red" title="The applicants could not be loaded">{errorMessage(session.queue.error)}</Alert>;
  else if (session.loading) body = <Loader role="progressbar" aria-label="Loading applicants" />;
  else if (session.loadingMore) body = <Loader role="progressbar" aria-label="Loading more applicants" />;
  else if (session.done || !current)
    body = (
      <Paper withBorder p="xl" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text fw={600} fz="lg">
            {session.skipped
              ? `You reached the end; you skipped ${session.skipped}.`
              : list === 'on_hold'
                ? 'Nobody is on hold.'
                : jobId
                  ? 'Nothing left to screen for this job'
                  : 'Nothing left to screen for your jobs'}
          </Text>
          {session.skipped ? (
            <Button variant="light" onClick={actions.restart}>
              Go back to the {session.skipped} you skipped
            </Button>
          ) : null}
          <Anchor component={Link} to={board}>
            Open the board
          </Anchor>
        </Stack>
      </Paper>
    );
  else
    body = (
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" role="toolbar" aria-label="Decision">
          <ActionButton label={current.nextStage ? `Advance to ${current.nextStage.name}` : 'Advance'} keys="A" hint="A" onClick={actions.advance} disabled={!open || !current.nextStage} />
          <ActionButton label="Reject" keys="R" hint="R" color="red" onClick={() => setRejecting(true)} disabled={!open || !current.rejectStage} />
          <ActionButton label={list === 'queue' ? 'Hold' : 'Back to screen'} keys="H" hint="H" variant="light" onClick={actions.hold} disabled={!open} />
          <ActionButton label="Skip" keys="S ArrowRight" hint="S" variant="default" onClick={actions.skip} />
          <ActionButton label="Previous" keys="ArrowLeft" hint="←" variant="default" onClick={actions.previous} disabled={session.position === 0} />
          <ActionButton label="Undo" keys="U Control+Z" hint="U" variant="subtle" onClick={actions.undo} disabled={!session.canUndo} />
        </Group>
        {decision ? (
          <Alert color="gray" title="Already decided">
            {decision.label}.{decision.kind === 'elsewhere' ? '' : ' Press U to undo the last decision.'}
          </Alert>
        ) : null}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <ScreeningApplicant item={current} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <ScreeningResume item={current} />
          </Grid.Col>
        </Grid>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge size="lg" variant="light" aria-label={`${session.left} left to screen`}>
            {session.left} left
          </Badge>
          {current ? (
            <Text size="sm" c="dimmed">
              {current.card.jobTitle}
            </Text>
          ) : null}
        </Group>
        <Button variant="subtle" size="compact-sm" onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
          Keyboard shortcuts <Kbd ml={6}>?</Kbd>
        </Button>
      </Group>
      {session.problem ? (
        <Alert color="red" title="That decision was not saved">
          {session.problem}
        </Alert>
      ) : null}
      {body}
      <VisuallyHidden role="status" aria-live="polite">
        {session.announcement}
      </VisuallyHidden>
      <RejectDialog
        opened={rejecting}
        onClose={() => setRejecting(false)}
        who={current?.card.name ?? ''}
        onConfirm={(d) => {
          setRejecting(false);
          actions.reject(d);
        }}
      />
      <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </Stack>
  );
}
