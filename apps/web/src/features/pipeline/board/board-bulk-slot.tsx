import { Button, Group, Paper, Text } from '@mantine/core';

/**
 * Where the bulk actions bar goes once applicants are selected on the board. A placeholder: it says how
 * many are selected and clears them; the bulk-actions bar takes its place.
 */
export function BoardBulkSlot({ ids, onDone }: { ids: string[]; jobId: string; onDone: () => void }) {
  return (
    <Paper withBorder radius="md" p="xs" aria-label="Selected applicants" component="section">
      <Group gap="sm">
        <Text fz="sm" fw={500}>
          {ids.length} selected
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={onDone}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
