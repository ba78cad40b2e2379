import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { SuperadminValidation } from '@hireflow/contracts/superadmin';
import { errorMessage } from '@/lib/api-client';

type Props = {
  opened: boolean;
  onClose(): void;
  title: string;
  body: ReactNode;
  /** Where the reason is kept, said under the field. */
  keptIn: string;
  reason: string;
  onReasonChange(reason: string): void;
  onConfirm(): void;
  confirmLabel: string;
  color?: string;
  pending: boolean;
  error: unknown;
};

/** A super-admin action's confirmation with an optional reason for the audit log. */
export function ReasonDialog({ opened, onClose, title, body, keptIn, reason, onReasonChange, onConfirm, confirmLabel, color, pending, error }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <Stack>
          <Text>{body}</Text>
          {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
          <Textarea
            label="Reason (optional)"
            description={keptIn}
            value={reason}
            onChange={(e) => onReasonChange(e.currentTarget.value)}
            maxLength={SuperadminValidation.maxReasonLength}
            autosize
            minRows={2}
          />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={color} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
