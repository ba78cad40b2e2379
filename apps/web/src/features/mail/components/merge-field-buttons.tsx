import { Button, Group, Text } from '@mantine/core';
import { MergeFieldNames, MergeFields, type TMergeField } from '@hireflow/contracts/mail-templates';
import type { RefObject } from 'react';

/** Inserts `{{field}}` at the cursor of a text field (or at its end) and returns the new value. */
export function insertAtCursor(element: HTMLTextAreaElement | HTMLInputElement | null, value: string, text: string): { value: string; cursor: number } {
  const start = element?.selectionStart ?? value.length;
  const end = element?.selectionEnd ?? value.length;
  return { value: value.slice(0, start) + text + value.slice(end), cursor: start + text.length };
}

/** One button per merge field; each inserts its field into the body where the cursor is. */
export function MergeFieldButtons({ target, value, onChange, fields = MergeFieldNames }: { target: RefObject<HTMLTextAreaElement | null>; value: string; onChange: (value: string) => void; fields?: readonly TMergeField[] }) {
  const insert = (field: TMergeField) => {
    const { value: next, cursor } = insertAtCursor(target.current, value, `{{${field}}}`);
    onChange(next);
    requestAnimationFrame(() => {
      target.current?.focus();
      target.current?.setSelectionRange(cursor, cursor);
    });
  };
  return (
    <div role="group" aria-label="Insert a merge field">
      <Text size="sm" fw={500} mb={4}>
        Insert a merge field
      </Text>
      <Group gap={6}>
        {fields.map((f) => (
          <Button key={f} size="compact-xs" variant="light" onClick={() => insert(f)} title={MergeFields[f]} aria-label={`Insert {{${f}}}: ${MergeFields[f]}`}>
            {`{{${f}}}`}
          </Button>
        ))}
      </Group>
    </div>
  );
}
