import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OnboardingDocumentStateLabels, OnboardingLimits, describeFileTypes, type TOnboardingDocumentState, type TOnboardingItem } from '@hireflow/contracts/offers-onboarding';
import { downloadFile } from '@/features/jobs/api/download-file';
import { useLiveEvents } from '@/features/pipeline/live/live-events';
import { errorMessage } from '@/lib/api-client';
import { getApplicationOnboardingQueryOptions, useApplicationOnboarding } from '../api/get-application-onboarding';
import { useReviewOnboardingDocument } from '../api/review-onboarding-document';

const stateColors: Record<TOnboardingDocumentState, string> = { missing: 'gray.7', submitted: 'blue.9', accepted: 'teal.9', needs_changes: 'grape.9' };

/**
 * The application page's "Onboarding documents" panel, once the candidate accepted an offer: what they
 * uploaded, with download, accept and ask again (with a note) for those who run the job. Shown only to
 * those who may see the offer; refreshed when an upload or review arrives on the live stream.
 */
export function ApplicationOnboardingPanel({ applicationId }: { applicationId: string }) {
  const onboarding = useApplicationOnboarding(applicationId);
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.kind === 'offer.changed' && event.applicationId === applicationId) void queryClient.invalidateQueries({ queryKey: getApplicationOnboardingQueryOptions(applicationId).queryKey });
  });
  if (onboarding.isPending || onboarding.isError || !onboarding.data.offerId) return null;
  const { documents, offerId, canReview } = onboarding.data;
  const required = documents.filter((d) => d.required);
  const acceptedRequired = required.filter((d) => d.state === 'accepted').length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Onboarding documents">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Onboarding documents
        </Title>
        {required.length ? (
          <Text size="sm" c="dimmed">
            {acceptedRequired} of {required.length} required accepted
          </Text>
        ) : null}
      </Group>
      {documents.length === 0 ? (
        <Text c="dimmed">The company asks for no onboarding documents (company settings, Onboarding documents).</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.map((d) => (
            <DocumentRow key={d.documentId} applicationId={applicationId} offerId={offerId} document={d} canReview={canReview} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function DocumentRow({ applicationId, offerId, document: d, canReview }: { applicationId: string; offerId: string; document: TOnboardingItem; canReview: boolean }) {
  const review = useReviewOnboardingDocument(applicationId);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = (input: { decision: 'accept' } | { decision: 'ask_again'; note: string }) =>
    review.mutate({ offerId, documentId: d.documentId, input }, { onSuccess: () => (setAsking(false), setNote('')) });
  return (
    <li aria-label={d.name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Group gap="xs">
            <Text fw={500}>{d.name}</Text>
            <Text size="xs" c="dimmed">
              {d.required ? 'Required' : 'Optional'} · {describeFileTypes(d.fileTypes)}
            </Text>
          </Group>
          {d.fileId && d.filename ? (
            <Group gap="xs">
              <Button size="compact-sm" variant="subtle" px={0} aria-label={`Download ${d.filename}`} onClick={() => downloadFile(d.fileId!, d.filename!).catch((e) => setProblem(errorMessage(e)))}>
                {d.filename}
              </Button>
              {d.uploadedAt ? (
                <Text size="xs" c="dimmed">
                  uploaded {new Date(d.uploadedAt).toLocaleString()}
                </Text>
              ) : null}
            </Group>
          ) : null}
          {d.reviewer ? (
            <Text size="xs" c="dimmed">
              {d.state === 'accepted' ? 'Accepted' : 'Asked again'} by {d.reviewer.name}
              {d.reviewedAt ? `, ${new Date(d.reviewedAt).toLocaleDateString()}` : ''}
            </Text>
          ) : null}
          {d.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              Note: {d.note}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          <Badge color={stateColors[d.state]} variant="outline" tt="none">
            {OnboardingDocumentStateLabels[d.state]}
          </Badge>
          {canReview && d.state === 'submitted' ? (
            <Button size="compact-sm" loading={review.isPending && !asking} onClick={() => send({ decision: 'accept' })} aria-label={`Accept ${d.name}`}>
              Accept
            </Button>
          ) : null}
          {canReview && (d.state === 'submitted' || d.state === 'accepted') && !asking ? (
            <Button size="compact-sm" variant="default" onClick={() => setAsking(true)} aria-label={`Ask again for ${d.name}`}>
              Ask again
            </Button>
          ) : null}
        </Group>
      </Group>
      {asking ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (note.trim()) send({ decision: 'ask_again', note: note.trim() });
          }}
        >
          <Stack gap="xs" mt="xs">
            <Textarea
              label={`What should change in ${d.name}?`}
              description="The new hire gets this note by mail with a new link to upload again"
              required
              autosize
              minRows={2}
              maxLength={OnboardingLimits.noteMax}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              data-autofocus
              autoFocus
            />
            <Group gap="xs">
              <Button type="submit" size="compact-sm" loading={review.isPending} disabled={!note.trim()}>
                Send request
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => (setAsking(false), review.reset())}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {review.isError ? (
        <Alert color="red" role="alert" mt="xs">
          {errorMessage(review.error)}
        </Alert>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" mt="xs">
          {problem}
        </Alert>
      ) : null}
    </li>
  );
}
