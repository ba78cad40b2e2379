import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * Asks before a save that turns retention rules on: `affected` people (null: could not be checked) would be
 * anonymised by the daily run. Loaded when a save asks for it.
 */
export function RetentionConfirmDialog({ affected, onCancel, onConfirm }: { affected: number | null; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal opened onClose={onCancel} title="Turn the retention rules on?">
      <Stack>
        <Text size="sm">
          {affected
            ? `The daily run will anonymise ${affected === 1 ? 'one candidate' : `${affected} candidates`} who fall under the new periods today, and more as they fall due.`
            : 'Who the new periods would affect could not be checked. The daily run will anonymise every candidate who falls under them.'}{' '}
          Erasure cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            Save and anonymise
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
