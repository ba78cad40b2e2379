import { Stack, Title } from '@mantine/core';

/** /superadmin/reports/:name: a report across all companies or the one chosen. */
export default function SuperadminReportPage() {
  return (
    <Stack>
      <Title order={1}>Report</Title>
    </Stack>
  );
}
