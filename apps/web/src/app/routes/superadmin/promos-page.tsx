import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Plans, formatMoney } from '@hireflow/contracts/billing';
import { describePromo, type TPromo } from '@hireflow/contracts/billing-subscription';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { usePromos } from '@/features/billing/api/promos';
import { PromoFormModal } from '@/features/billing/components/promo-form';
import { formatDay } from '@/features/billing/components/money';

function validity(p: TPromo) {
  if (!p.validFrom && !p.validTo) return 'Always';
  if (!p.validTo) return `From ${formatDay(p.validFrom!)}`;
  if (!p.validFrom) return `Until ${formatDay(p.validTo)}`;
  return `${formatDay(p.validFrom)} – ${formatDay(p.validTo)}`;
}

/** /superadmin/promos: the platform's discount codes; company admins apply them on their Subscription page. */
export default function PromosPage() {
  const promos = usePromos();
  const [editing, setEditing] = useState<TPromo | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Promo codes</Title>
        <Button onClick={() => { setSaved(null); setEditing('new'); }}>New promo code</Button>
      </Group>
      <FormAlert message={saved} tone="success" />
      {promos.isPending ? (
        <Loader size="sm" aria-label="Loading promo codes" />
      ) : promos.isError ? (
        <FormAlert message={errorMessage(promos.error)} />
      ) : promos.data.items.length === 0 ? (
        <Text>No promo codes yet. Create one for company admins to apply on their Subscription page.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Promo codes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Plans</Table.Th>
                <Table.Th>Valid</Table.Th>
                <Table.Th>Uses</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {promos.data.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td fw={700}>{p.code}</Table.Td>
                  <Table.Td>{describePromo(p, formatMoney)}</Table.Td>
                  <Table.Td>{p.plans.map((id) => Plans[id].name).join(', ')}</Table.Td>
                  <Table.Td>{validity(p)}</Table.Td>
                  <Table.Td>{p.maxUses === null ? `${p.usesSoFar} (no limit)` : `${p.usesSoFar} of ${p.maxUses}`}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={p.active ? 'teal.9' : 'gray.7'}>
                      {p.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" aria-label={`Edit ${p.code}`} onClick={() => { setSaved(null); setEditing(p); }}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? <PromoFormModal promo={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={setSaved} /> : null}
    </Stack>
  );
}
