import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import { useInterviewTemplatePreview } from '../api/get-template-for-interview';
import type { TInterviewTemplateRequest } from '@hireflow/contracts/interviews-scheduling';

/** "Preview invitation": the mail the candidate gets, merge fields filled, shown in a sandboxed frame. */
export function InvitationPreview({ request }: { request: TInterviewTemplateRequest }) {
  const preview = useInterviewTemplatePreview();
  return (
    <Stack gap={6}>
      <div>
        <Button size="xs" variant="light" onClick={() => preview.mutate(request)} loading={preview.isPending}>
          {preview.isSuccess ? 'Refresh the preview' : 'Preview invitation'}
        </Button>
      </div>
      {preview.isError ? (
        <Alert color="red" role="alert">
          The preview could not be made: {errorMessage(preview.error)}
        </Alert>
      ) : null}
      {preview.isSuccess ? (
        <Paper withBorder p="xs" radius="sm" component="section" aria-label="Invitation preview">
          <Text fz="sm" fw={600} mb={4}>
            Subject: {preview.data.subject}
          </Text>
          <iframe title="Invitation text" sandbox="" srcDoc={preview.data.html} style={{ width: '100%', height: 220, border: 0 }} />
        </Paper>
      ) : null}
    </Stack>
  );
}
