import { Stack, Title } from '@mantine/core';

/** /superadmin/reports: platform figures, a company chooser and every report across companies. */
export default function SuperadminReportsPage() {
  return (
    <Stack>
      <Title order={1}>Platform reports</Title>
    </Stack>
  );
}
