import { Stack, Title } from '@mantine/core';

/** /reports: the overview of the caller's scope and the reports grouped by theme. */
export default function ReportsIndexPage() {
  return (
    <Stack>
      <Title order={1}>Reports</Title>
    </Stack>
  );
}
