import { useState, type FormEvent } from 'react';
import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { FormAlert } from '@/components/form-alert';
import { useOutbox } from '@/features/dev-mailbox/api/get-outbox';
import { MailList } from '@/features/dev-mailbox/components/mail-list';
import { ApiError, errorMessage } from '@/lib/api-client';

/** /dev/mailbox: mail the API kept in its outbox (no SMTP configured). The API answers 404 in production and to other machines. */
export default function DevMailboxPage() {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const [draft, setDraft] = useState(email);
  const outbox = useOutbox(email);

  const show = (event: FormEvent) => {
    event.preventDefault();
    const address = draft.trim().toLowerCase();
    setParams(address ? { email: address } : {});
    if (address === email) void outbox.refetch();
  };

  const unavailable = outbox.error instanceof ApiError && outbox.error.status === 404;

  return (
    <main>
      <Container size={760} py="xl">
        <Stack gap="md">
          <Title order={1}>Dev mailbox</Title>
          {unavailable ? (
            <Text>The dev mailbox is not available here: it opens only on the server's own machine, and never in production, where mail is sent for real.</Text>
          ) : (
            <>
              <Text>Mail the app would have sent, kept because no mail server is configured.</Text>
              <form onSubmit={show}>
                <Group align="flex-end">
                  <TextInput label="Email address" type="email" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1 }} />
                  <Button type="submit">Show mail</Button>
                </Group>
              </form>
              {outbox.isPending ? <LoadingScreen /> : null}
              {outbox.isError ? <FormAlert message={errorMessage(outbox.error)} /> : null}
              {outbox.isSuccess ? <MailList mails={outbox.data} /> : null}
            </>
          )}
        </Stack>
      </Container>
    </main>
  );
}
