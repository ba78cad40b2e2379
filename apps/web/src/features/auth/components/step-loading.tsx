import { Center, Loader } from '@mantine/core';
import { ScreenTexts } from '@hireflow/contracts/messages';

/** Shown in a sign-in card while the code of its next step loads. */
export function StepLoading() {
  return (
    <Center py="md" role="status" aria-live="polite">
      <Loader size="sm" role="progressbar" aria-label={ScreenTexts.loading} />
    </Center>
  );
}
