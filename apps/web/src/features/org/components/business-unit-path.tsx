import { Text } from '@mantine/core';
import { useOrgOptions } from '../api/get-org-options';

/** Where a business unit sits in the tree: its parent's path from the top ("Engineering › Platform"). */
export function ParentUnitPath({ parentId }: { parentId: string | null }) {
  const options = useOrgOptions('business-units');
  if (!parentId) return <Text c="dimmed">Top level</Text>;
  const units = new Map((options.data?.options ?? []).map((o) => [o.id, o]));
  const path: string[] = [];
  // A bounded walk up the tree: the server refuses cycles, the bound keeps a bad answer from hanging the page.
  for (let id: string | null | undefined = parentId; id && path.length <= units.size; id = units.get(id)?.parentId) {
    const unit = units.get(id);
    if (!unit) break;
    path.unshift(unit.name);
  }
  return <Text>{path.length ? path.join(' › ') : '—'}</Text>;
}
