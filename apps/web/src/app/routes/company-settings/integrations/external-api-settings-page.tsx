import { Stack, Tabs, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ApiKeysPanel } from '@/features/api-access/components/api-keys-panel';
import { WebhooksPanel } from '@/features/api-access/components/webhooks-panel';

const base = '/company-settings/external-api-settings';
const Pages = ['keys', 'webhooks'] as const;
type Page = (typeof Pages)[number];

/** company-settings/external-api-settings/{keys|webhooks} (right manageApiKeys): API keys and webhooks. */
export default function ExternalApiSettingsPage() {
  const { page = 'keys' } = useParams();
  const navigate = useNavigate();
  if (!(Pages as readonly string[]).includes(page)) return <Navigate to={base} replace />;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>API and webhooks</Title>
      <Text size="sm" c="dimmed">
        Connect your own systems: API keys let them call Hireflow; webhooks tell them what happened.
      </Text>
      <Tabs value={page} onChange={(v) => v && navigate(v === 'keys' ? base : `${base}/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="keys">API keys</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="keys" pt="md">
          {(page as Page) === 'keys' && <ApiKeysPanel />}
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          {(page as Page) === 'webhooks' && <WebhooksPanel />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
