import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { usePrivacySettings } from '@/features/privacy/api/consent';
import { PrivacySettingsForm } from '@/features/privacy/consent/privacy-settings-form';
import { ConsentRenewalCard } from '@/features/privacy/consent/consent-renewal-card';

const OtherPages = [
  { to: '/company-settings/privacy/erasure-requests', label: 'Erasure requests' },
  { to: '/company-settings/privacy/audit-trail', label: 'Audit trail' },
  { to: '/company-settings/privacy/data-export', label: 'Company data export' },
];

/** /company-settings/privacy: the privacy notice, whether the apply form asks for consent, how long consent and the audit trail last, and consent renewal mails. */
export default function PrivacyPage() {
  const settings = usePrivacySettings();
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Privacy and consent</Title>
      <Text c="dimmed">What applicants are told about their data, when they are asked for consent, and how long it lasts.</Text>
      {settings.isPending ? (
        <Loader role="progressbar" aria-label="Loading the privacy settings" />
      ) : settings.isError ? (
        <Alert color="red" title="The privacy settings could not be loaded">
          <Stack gap="xs" align="start">
            <Text size="sm">{errorMessage(settings.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <PrivacySettingsForm settings={settings.data} />
      )}
      <ConsentRenewalCard />
      <Paper withBorder p="md" radius="md" component="nav" aria-label="Other privacy pages">
        <Group gap="lg">
          {OtherPages.map((p) => (
            <Anchor key={p.to} component={Link} to={p.to}>
              {p.label}
            </Anchor>
          ))}
        </Group>
      </Paper>
    </Stack>
  );
}
