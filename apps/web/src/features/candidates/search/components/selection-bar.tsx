import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type SelectionActions = (candidateIds: string[]) => ReactNode;

/**
 * Shown while rows are selected: how many, a way to clear them, and `selectionActions` — the spot where
 * bulk actions (tag, add to a job, campaign, export) plug in with the selected candidates' ids.
 */
export function SelectionBar({ candidateIds, onClear, selectionActions }: { candidateIds: string[]; onClear: () => void; selectionActions?: SelectionActions }) {
  if (candidateIds.length === 0) return null;
  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label="Selection">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={500} aria-live="polite">
            {candidateIds.length} selected
          </Text>
          <Button variant="subtle" size="xs" onClick={onClear}>
            Clear
          </Button>
        </Group>
        <Group gap="xs" data-slot="selection-actions">
          {selectionActions?.(candidateIds)}
        </Group>
      </Group>
    </Paper>
  );
}
