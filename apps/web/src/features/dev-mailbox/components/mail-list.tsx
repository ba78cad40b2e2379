import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TOutboxMail } from '@hireflow/contracts/auth';
import { LinkedText } from './linked-text';

export function MailList({ mails }: { mails: TOutboxMail[] }) {
  if (mails.length === 0) return <Text>No mail for this address yet.</Text>;
  return (
    <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {mails.map((mail) => (
        <Paper component="li" key={`${mail.sentAt}-${mail.subject}-${mail.to}`} withBorder p="md" radius="md">
          <Title order={2} fz="lg">
            {mail.subject}
          </Title>
          <Text size="sm">
            To {mail.to} · {new Date(mail.sentAt).toLocaleString()}
          </Text>
          <Text mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <LinkedText text={mail.text} />
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
