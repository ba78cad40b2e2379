import { Stack, Title } from '@mantine/core';

/** /company-settings/tatsettings: turnaround targets in days per stage kind and for filling a vacancy. */
export default function TatSettingsPage() {
  return (
    <Stack>
      <Title order={1}>Turnaround targets</Title>
    </Stack>
  );
}
