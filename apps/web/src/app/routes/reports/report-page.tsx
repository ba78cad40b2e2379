import { Stack, Title } from '@mantine/core';

/** /reports/:name: one report with its filters (kept in the URL), chart, table, definition and export. */
export default function ReportPage() {
  return (
    <Stack>
      <Title order={1}>Report</Title>
    </Stack>
  );
}
