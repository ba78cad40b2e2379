import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { ScreenTexts } from '@hireflow/contracts/messages';

/** The spec's error screen. Coming back online reloads, since the failure was most likely the network. */
export function ErrorScreen({ withMain = true }: { withMain?: boolean }) {
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);

  const content = (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{ScreenTexts.errorTitle}</Title>
        <Text>{ScreenTexts.errorBody}</Text>
        <Button onClick={() => window.location.reload()}>Refresh</Button>
      </Stack>
    </Center>
  );
  return withMain ? <main>{content}</main> : content;
}

/** Inside the app shell, whose own `main` already frames the page. */
export function ShellErrorScreen() {
  return <ErrorScreen withMain={false} />;
}
