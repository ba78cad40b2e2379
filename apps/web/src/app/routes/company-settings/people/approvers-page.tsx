import { ActionIcon, Alert, Button, Group, Loader, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { type TUserRef } from '@hireflow/contracts/common';
import { ApprovalKinds, type TApprovalChain, type TApprovalKind } from '@hireflow/contracts/approvals';
import { useApprovalChains } from '@/features/jobs/api/get-approval-chains';
import { useSaveApprovalChain } from '@/features/jobs/api/save-approval-chain';
import { useRequisitionOptions } from '@/features/jobs/api/get-requisition-options';
import { TeamPicker } from '@/features/jobs/components/team-picker';
import { errorMessage } from '@/lib/api-client';

const kindLabels: Record<TApprovalKind, string> = { vacancy: 'Vacancies', offer: 'Offers', agency: 'Agencies' };

/** company-settings/approvers/{page?}: ordered approvers per kind, optionally per business unit. */
export default function ApproversSettingsPage() {
  const param = useParams().page;
  const kind: TApprovalKind = ApprovalKinds.includes(param as TApprovalKind) ? (param as TApprovalKind) : 'vacancy';
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={820}>
      <Title order={1}>Approvers</Title>
      <Text c="dimmed">Each request goes to these people in order. A business unit with its own chain uses it; every other request uses the company default.</Text>
      <Tabs value={kind} onChange={(v) => navigate(`/company-settings/approvers/${v}`)}>
        <Tabs.List>
          {ApprovalKinds.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {kindLabels[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <KindChains key={kind} kind={kind} />
    </Stack>
  );
}

function KindChains({ kind }: { kind: TApprovalKind }) {
  const chains = useApprovalChains(kind);
  const options = useRequisitionOptions();
  const [extraUnits, setExtraUnits] = useState<string[]>([]);
  if (chains.isPending) return <Loader role="progressbar" aria-label="Loading approvers" />;
  if (chains.isError) return <Alert color="red">{errorMessage(chains.error)}</Alert>;
  const byUnit = new Map(chains.data.items.map((c) => [c.businessUnit?.id ?? 'default', c]));
  const units = options.data?.businessUnits ?? [];
  const unitIds = [...new Set([...chains.data.items.filter((c) => c.businessUnit).map((c) => c.businessUnit!.id), ...extraUnits])];
  const available = units.filter((u) => !unitIds.includes(u.id));
  return (
    <Stack>
      <ChainEditor kind={kind} businessUnit={null} chain={byUnit.get('default') ?? null} />
      {unitIds.map((id) => (
        <ChainEditor key={id} kind={kind} businessUnit={units.find((u) => u.id === id) ?? byUnit.get(id)?.businessUnit ?? { id, name: 'Business unit' }} chain={byUnit.get(id) ?? null} />
      ))}
      {available.length ? (
        <Select
          label="Add a chain for a business unit"
          placeholder="Choose a business unit"
          data={available.map((u) => ({ value: u.id, label: u.name }))}
          value={null}
          onChange={(id) => id && setExtraUnits((list) => [...list, id])}
          w={320}
        />
      ) : null}
    </Stack>
  );
}

function ChainEditor({ kind, businessUnit, chain }: { kind: TApprovalKind; businessUnit: { id: string; name: string } | null; chain: TApprovalChain | null }) {
  const [approvers, setApprovers] = useState<TUserRef[]>(chain?.approvers ?? []);
  const [saved, setSaved] = useState(false);
  const save = useSaveApprovalChain({ onSuccess: () => setSaved(true) });
  const move = (index: number, by: number) => {
    const next = [...approvers];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setApprovers(next);
    setSaved(false);
  };
  const title = businessUnit ? businessUnit.name : 'Company default';
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {save.isError ? (
        <Alert color="red" mb="sm">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      {saved ? (
        <Alert color="green" mb="sm">
          Saved.
        </Alert>
      ) : null}
      {approvers.length === 0 ? <Text c="dimmed">No approvers: {businessUnit ? 'the company default applies' : 'requests cannot be submitted until you add someone'}.</Text> : null}
      <Stack gap={4} component="ol" pl="md">
        {approvers.map((a, i) => (
          <Group key={a.id} component="li" justify="space-between">
            <Text>
              {a.name} <Text span c="dimmed" fz="sm">({a.email})</Text>
            </Text>
            <Group gap={4}>
              <ActionIcon variant="subtle" aria-label={`Move ${a.name} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                ↑
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`Move ${a.name} down`} disabled={i === approvers.length - 1} onClick={() => move(i, 1)}>
                ↓
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${a.name}`} onClick={() => (setApprovers(approvers.filter((x) => x.id !== a.id)), setSaved(false))}>
                ×
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <Group align="end" mt="sm">
        <TeamPicker label={`Add an approver to ${title}`} value={[]} onChange={(picked) => (setApprovers([...approvers, ...picked.filter((p) => !approvers.some((a) => a.id === p.id))]), setSaved(false))} />
        <Button onClick={() => save.mutate({ kind, businessUnitId: businessUnit?.id ?? null, approverIds: approvers.map((a) => a.id) })} loading={save.isPending}>
          Save {title.toLowerCase() === 'company default' ? 'default chain' : 'chain'}
        </Button>
      </Group>
    </Paper>
  );
}
