import { Alert, Button, Group, Loader, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useState } from 'react';
import { RichTextField } from '@/features/mail/components/rich-text-field';
import { safeHtml } from '@/features/mail/components/safe-html';
import { errorMessage } from '@/lib/api-client';
import { useMySignature, useSaveMySignature } from '../api/signature';

function Form({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState('');
  const save = useSaveMySignature();
  return (
    <form
      aria-label="Mail signature"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved('');
        save.mutate(value, { onSuccess: (r) => (setValue(r.signature), setSaved('Signature saved.')) });
      }}
    >
      <Stack gap="sm">
        <RichTextField label="Signature" description="Added below interview invitations and other mails you send" value={value} onChange={setValue} minHeight={80} />
        <div>
          <Text size="sm" fw={500}>
            How it looks
          </Text>
          <Typography>
            <div data-testid="signature-preview" dangerouslySetInnerHTML={{ __html: safeHtml(value) }} />
          </Typography>
        </div>
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save signature
          </Button>
          <Text size="sm" c="green" role="status">
            {saved}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

/** My mail signature (the profile page): rich text, sanitised by the server. */
export default function SignatureEditor() {
  const signature = useMySignature();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="signature-title">
      <Title order={2} fz="h4" mb="sm" id="signature-title">
        Mail signature
      </Title>
      {signature.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading your signature" />
      ) : signature.isError ? (
        <Alert color="red">{errorMessage(signature.error)}</Alert>
      ) : (
        <Form initial={signature.data.signature} />
      )}
    </Paper>
  );
}
