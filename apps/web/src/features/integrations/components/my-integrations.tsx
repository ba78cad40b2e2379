import { Text } from '@mantine/core';

/** My mailbox and calendar connections (built in issue 18). */
export function MyIntegrations() {
  return <Text>Integrations</Text>;
}
