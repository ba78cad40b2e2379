import { Alert, Badge, Button, CloseButton, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CandidateProfileLimits, type TCandidateProfile } from '@hireflow/contracts/candidates-profile';
import { useAddCandidateNote } from '@/features/candidates/profile/api/add-candidate-note';
import { useCandidateNotes } from '@/features/candidates/profile/api/get-candidate-notes';
import { errorMessage } from '@/lib/api-client';
import { MentionTextarea, type Mentioned } from './mention-textarea';

const General = 'general';

/** Notes on the candidate, newest first, and a box to add one (with @mentions). */
export function CandidateNotes({ profile }: { profile: TCandidateProfile }) {
  const notes = useCandidateNotes(profile.id);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Notes">
      <Title order={2} fz="h4" mb="sm">
        Notes
      </Title>
      <NoteComposer profile={profile} />
      {notes.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading notes" mt="md" />
      ) : notes.isError ? (
        <Alert color="red" mt="md">
          {errorMessage(notes.error)}
        </Alert>
      ) : notes.data.items.length === 0 ? (
        <Text c="dimmed" mt="md">
          No notes yet.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" mt="md" p={0} style={{ listStyle: 'none' }} aria-label="Notes so far">
          {notes.data.items.map((n) => (
            <li key={n.id}>
              <Text fz="sm" c="dimmed">
                {n.by?.name ?? 'Someone'} · {new Date(n.at).toLocaleString()}
                {n.job ? ` · about ${n.job.title}` : ''}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{n.text}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function NoteComposer({ profile }: { profile: TCandidateProfile }) {
  const [text, setText] = useState('');
  const [mentioned, setMentioned] = useState<Mentioned[]>([]);
  const [about, setAbout] = useState<string>(profile.limited ? (profile.applications[0]?.id ?? '') : General);
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddCandidateNote(profile.id, {
    onSuccess: () => {
      setText('');
      setMentioned([]);
    },
  });
  // A mention whose "@Name" was deleted from the text is not sent.
  const stillMentioned = mentioned.filter((m) => text.includes(`@${m.name}`));
  const options = [
    ...(profile.limited ? [] : [{ value: General, label: 'The candidate in general' }]),
    ...profile.applications.map((a) => ({ value: a.id, label: `Application: ${a.job.title}` })),
  ];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return setProblem('Write something first');
        setProblem(null);
        add.mutate({ text, applicationId: about === General || !about ? null : about, mentionIds: stillMentioned.map((m) => m.id) });
      }}
    >
      <Stack gap="xs">
        {add.isError ? <Alert color="red">{errorMessage(add.error)}</Alert> : null}
        <MentionTextarea
          label="Add a note"
          value={text}
          onChange={setText}
          onMention={(user) => setMentioned((list) => (list.some((m) => m.id === user.id) ? list : [...list, user]))}
          maxLength={CandidateProfileLimits.maxNoteLength}
          error={problem}
        />
        {stillMentioned.length ? (
          <Group gap="xs" aria-label="Mentioned colleagues">
            <Text fz="sm">Mentioning:</Text>
            {stillMentioned.map((m) => (
              <Badge
                key={m.id}
                variant="light"
                rightSection={<CloseButton size="xs" aria-label={`Do not mention ${m.name}`} onClick={() => setMentioned((list) => list.filter((x) => x.id !== m.id))} />}
              >
                {m.name}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Group justify="space-between" align="end">
          {options.length > 1 || profile.limited ? (
            <Select label="About" data={options} value={about} onChange={(v) => setAbout(v ?? General)} allowDeselect={false} w={280} />
          ) : (
            <span />
          )}
          <Button type="submit" loading={add.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
