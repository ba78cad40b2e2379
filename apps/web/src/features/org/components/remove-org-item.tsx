import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TOrgItem, TOrgKind } from '@hireflow/contracts/org';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { getOrgItemUsage, useRemoveOrgItem, useSetOrgItemStatus } from '../api/save-org-item';
import { labelOfKind } from './org-kinds';

/** Delete only what nothing uses; otherwise say where it is used and offer to deactivate it. */
export function RemoveOrgItem({ kind, item, onClose }: { kind: TOrgKind; item: TOrgItem; onClose: (done?: string) => void }) {
  const usage = useQuery({ queryKey: ['org', kind, 'usage', item.id], queryFn: () => getOrgItemUsage({ kind, id: item.id }), gcTime: 0 });
  const remove = useRemoveOrgItem(() => onClose(`${item.displayName} deleted`));
  const deactivate = useSetOrgItemStatus();
  const label = labelOfKind(kind).one.toLowerCase();
  const used = (usage.data?.usage.length ?? 0) > 0;
  return (
    <Modal opened onClose={() => onClose()} title={`Delete ${label}`}>
      <Stack>
        {usage.isPending ? (
          <Loader role="progressbar" aria-label="Checking where it is used" />
        ) : usage.isError ? (
          <FormAlert message={errorMessage(usage.error)} />
        ) : used ? (
          <>
            <Text>
              {item.displayName} is in use, so it cannot be deleted. Deactivate it instead: it stays on existing records but is no longer offered.
            </Text>
            <List>
              {usage.data!.usage.map((u) => (
                <List.Item key={u.what}>
                  {u.count} {u.what}
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text>Delete {item.displayName}? This cannot be undone.</Text>
        )}
        <FormAlert message={remove.isError ? errorMessage(remove.error) : deactivate.isError ? errorMessage(deactivate.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            Cancel
          </Button>
          {used ? (
            item.status === 'active' ? (
              <Button loading={deactivate.isPending} onClick={() => deactivate.mutate({ kind, id: item.id, status: 'inactive' }, { onSuccess: () => onClose(`${item.displayName} deactivated`) })}>
                Deactivate instead
              </Button>
            ) : null
          ) : (
            <Button color="red" disabled={usage.isPending || usage.isError} loading={remove.isPending} onClick={() => remove.mutate({ kind, id: item.id })}>
              Delete
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
