import { Center, Loader, Stack, Text } from '@mantine/core';
import { ScreenTexts } from '@hireflow/contracts/messages';

/** Shown while a page's code or first data loads. */
export function LoadingScreen() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text>{ScreenTexts.loading}</Text>
      </Stack>
    </Center>
  );
}
