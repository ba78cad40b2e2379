import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { InterviewLimits, type TInterviewMode } from '@hireflow/contracts/interviews';
import { errorMessage } from '@/lib/api-client';
import { useCreateSelfScheduleLink } from '../api/create-self-schedule-link';

type Props = {
  applicationId: string;
  candidateName: string;
  round: { id?: string; name: string };
  durationMinutes: number;
  interviewerIds: string[];
  where: { mode: TInterviewMode; addressId: string | null; videoLink: string; phone: string };
  window: { from: string; to: string } | null;
  templateId: string | null;
  /** The scheduler's time zone: the candidate's page starts in it. */
  timeZone: string;
  onCancel: () => void;
  onSent: () => void;
};

/** Instead of picking a time: mail the candidate a link to choose one of the free slots of the search window. */
export function SelfScheduleForm({ applicationId, candidateName, round, durationMinutes, interviewerIds, where, window, templateId, timeZone, onCancel, onSent }: Props) {
  const create = useCreateSelfScheduleLink();
  const [expiresInDays, setExpiresInDays] = useState<number | string>(7);
  const [problem, setProblem] = useState<string | null>(null);

  const send = () => {
    const missing = !round.name
      ? 'Choose the round or name the interview.'
      : interviewerIds.length === 0
        ? 'Choose at least one interviewer.'
        : !(durationMinutes >= InterviewLimits.minDurationMinutes)
          ? 'Set the duration.'
          : !window
            ? 'Choose the days the candidate may pick from.'
            : where.mode === 'onsite' && !where.addressId
              ? 'Choose the office.'
              : where.mode === 'video' && !where.videoLink
                ? 'Add the video call link.'
                : typeof expiresInDays !== 'number'
                  ? 'Say how many days the link stays valid.'
                  : null;
    setProblem(missing);
    if (missing || !window || typeof expiresInDays !== 'number') return;
    create.mutate(
      {
        applicationId,
        ...(round.id ? { roundId: round.id } : {}),
        roundName: round.name,
        durationMinutes,
        interviewerIds,
        mode: where.mode,
        ...(where.mode === 'onsite' && where.addressId ? { roomAddressId: where.addressId } : {}),
        ...(where.mode === 'video' ? { videoLink: where.videoLink } : {}),
        ...(where.mode === 'phone' && where.phone ? { phone: where.phone } : {}),
        from: window.from,
        to: window.to,
        expiresInDays,
        timeZone,
        ...(templateId ? { templateId } : {}),
      },
      {
        onSuccess: (link) => {
          const until = new Date(link.expiresAt).toLocaleDateString();
          notifications.show(
            link.mail === 'sent'
              ? { color: 'green', title: 'Scheduling link sent', message: `${candidateName} can pick a time until ${until}.` }
              : { color: 'yellow', title: 'Scheduling link created', message: `It could not be mailed to ${candidateName}; it stays valid until ${until}.` },
          );
          onSent();
        },
      },
    );
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Let the candidate pick a time">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          Let the candidate pick a time
        </Title>
        <Text fz="sm">
          {candidateName} gets a link to a page with the free slots of the days searched above and books one; everybody then gets the invitation.
        </Text>
        <NumberInput label="The link stays valid for (days)" value={expiresInDays} onChange={setExpiresInDays} min={1} max={30} w={240} />
        {problem || create.isError ? (
          <Alert color="red" role="alert">
            {problem ?? errorMessage(create.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Back to picking a time
          </Button>
          <Button onClick={send} loading={create.isPending}>
            Send scheduling link
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
