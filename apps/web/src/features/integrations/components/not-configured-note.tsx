import { Alert, List, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import { ProviderLabels } from '@hireflow/contracts/integrations';

const envOf: Record<TIdentityProvider, [string, string]> = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
};

// An environment variable's name, as typed (monospace, no extra stylesheet).
const EnvName = ({ children, ...rest }: TextProps & { children: ReactNode }) => (
  <Text span ff="monospace" fz="sm" {...rest}>
    {children}
  </Text>
);

/** What an administrator sets to enable the providers that are not configured. */
export function NotConfiguredNote({ missing, none }: { missing: TIdentityProvider[]; none: boolean }) {
  if (!missing.length) return null;
  return (
    <Alert color={none ? 'blue' : 'gray'} title={none ? 'Mailbox and calendar connections are not set up' : undefined}>
      <Text size="sm">
        {none
          ? 'This installation has no Google or Microsoft connection configured, so nothing can be connected yet. An administrator of the installation enables them by setting these environment variables on the server (see .env.example) and restarting it:'
          : `${missing.map((p) => ProviderLabels[p]).join(' and ')} is not set up here. An administrator enables it by setting these environment variables on the server (see .env.example):`}
      </Text>
      <List size="sm" mt="xs">
        {missing.map((p) => (
          <List.Item key={p}>
            {ProviderLabels[p]}: <EnvName>{envOf[p][0]}</EnvName> and <EnvName>{envOf[p][1]}</EnvName>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
