import { Alert, Anchor, Badge, Checkbox, Group, Loader, Pagination, SegmentedControl, Select, Stack, Table, Tabs, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApplicationSourceLabels, ApplicationSources } from '@hireflow/contracts/candidates';
import { StageKindLabels } from '@hireflow/contracts/candidates-search';
import { StageKinds, type TStageKind } from '@hireflow/contracts/jobs';
import { type TUserRef } from '@hireflow/contracts/common';
import { StageList, StageListSorts, type TStageListQuery, type TStageListResponse, type TStageListScope, type TStageListSort } from '@hireflow/contracts/pipeline';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';
import { UserPicker } from '@/features/jobs/components/user-picker';
import { useStageList } from '@/features/pipeline/api/get-stage-list';
import { PipelineBulkBar, type BulkStageOption } from '@/features/pipeline/bulk/pipeline-bulk-bar';
import { useStageListLiveUpdates } from '@/features/pipeline/live/stage-list-live';

const isKind = (value: string | undefined): value is TStageKind => StageKinds.includes(value as TStageKind);
const daysSince = (iso: string) => Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000));

/** /workflow/{stage}: every applicant in one kind of stage across the jobs I work on, with bulk actions. */
export default function WorkflowStagePage() {
  const stage = useParams().stage;
  if (!isKind(stage)) return <NotFoundContent />;
  // A new kind starts from a clean page: filters, sort and selection belong to one list.
  return <StageListView key={stage} kind={stage} />;
}

function StageListView({ kind }: { kind: TStageKind }) {
  const navigate = useNavigate();
  // What the list shows lives in the URL (a reload or the back button keeps it); the owner is picked by name.
  const [url, setUrl] = useSearchParams();
  const scope: TStageListScope = url.get('scope') === 'all' ? 'all' : 'mine';
  const jobId = url.get('job');
  const source = ApplicationSources.find((s) => s === url.get('source')) ?? null;
  const sort = StageListSorts.find((s) => s === url.get('sort')) ?? 'newest';
  const page = Math.min(StageList.maxPage, Math.max(1, Math.floor(Number(url.get('page')) || 1)));
  const [owner, setOwnerState] = useState<TUserRef | null>(null);
  const [search, setSearch] = useState(url.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<string[]>([]);
  // Any change of what the list shows starts at page 1 with nothing selected.
  const update = (patch: Record<string, string | null>) => {
    setSelected([]);
    setUrl(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries({ page: null, ...patch })) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  };
  const qInUrl = url.get('q') ?? '';
  useEffect(() => {
    if (q !== qInUrl) update({ q: q || null });
    // Only a new debounced search writes the URL.
  }, [q]);
  const setOwner = (value: TUserRef | null) => {
    setOwnerState(value);
    update({});
  };

  const params: TStageListQuery = { kind, scope, sort, page, ...(jobId ? { jobId } : {}), ...(source ? { source } : {}), ...(owner ? { owner: owner.id } : {}), ...(q ? { q } : {}) };
  const list = useStageList(params);
  useStageListLiveUpdates(kind);

  return (
    <Stack gap="md">
      <Title order={1}>{StageKindLabels[kind]}: applicants across {scope === 'all' ? 'all jobs' : 'my jobs'}</Title>
      <Tabs value={kind} onChange={(k) => k && navigate(`/workflow/${k}`)} aria-label="Stage">
        <Tabs.List>
          {StageKinds.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {StageKindLabels[k]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="end" wrap="wrap">
        {list.data?.canSeeAll ? (
          <SegmentedControl
            aria-label="Jobs"
            value={scope}
            onChange={(v) => update({ scope: v === 'all' ? 'all' : null, job: null })}
            data={[
              { value: 'mine', label: 'My jobs' },
              { value: 'all', label: 'All jobs' },
            ]}
          />
        ) : null}
        <TextInput label="Search by name" value={search} onChange={(e) => setSearch(e.currentTarget.value)} maxLength={StageList.queryMax} w={200} />
        <Select label="Job" placeholder="All jobs" clearable searchable data={(list.data?.jobs ?? []).map((j) => ({ value: j.id, label: j.title }))} value={jobId} onChange={(v) => update({ job: v })} w={220} />
        <Select
          label="Source"
          placeholder="Any source"
          clearable
          data={ApplicationSources.map((s) => ({ value: s, label: ApplicationSourceLabels[s] }))}
          value={source}
          onChange={(v) => update({ source: v })}
          w={160}
        />
        <div style={{ width: 240, maxWidth: '100%' }}>
          <UserPicker label="Owner" value={owner} onChange={setOwner} />
        </div>
      </Group>
      {/* Stays mounted once there are rows, so the summary of an action outlives the cleared selection. */}
      {list.data?.items.length || selected.length ? <PipelineBulkBar applicationIds={selected} stageOptions={stageOptionsOf(list.data, selected)} onDone={() => setSelected([])} /> : null}
      {list.isPending ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading applicants" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="The applicants could not be loaded">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{q || jobId || source || owner ? 'No applicants match these filters.' : `No applicants are in ${StageKindLabels[kind].toLowerCase()} stages of ${scope === 'all' ? 'any job' : 'your jobs'}.`}</Text>
      ) : (
        <Rows data={list.data} sort={sort} onSort={(s) => update({ sort: s === 'newest' ? null : s })} selected={selected} setSelected={setSelected} />
      )}
      {list.data && list.data.total > list.data.pageSize ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {list.data.total.toLocaleString()} applicants
          </Text>
          <Pagination total={Math.min(StageList.maxPage, Math.ceil(list.data.total / list.data.pageSize))} value={page} onChange={(p) => update({ page: p > 1 ? String(p) : null })} aria-label="Pages" />
        </Group>
      ) : null}
    </Stack>
  );
}

/** The stages a selection can move to: each kind, and each named stage of the selected applicants' jobs. */
function stageOptionsOf(data: TStageListResponse | undefined, selected: string[]): BulkStageOption[] {
  if (!data) return [];
  const jobIds = new Set(data.items.filter((r) => selected.includes(r.applicationId)).map((r) => r.jobId));
  const options = new Map<string, BulkStageOption>();
  for (const kind of StageKinds) if (kind !== 'rejected') options.set(kind, { kind });
  for (const job of data.jobs.filter((j) => jobIds.has(j.id))) {
    for (const s of job.stages) if (s.kind !== 'rejected' && s.name.toLowerCase() !== StageKindLabels[s.kind].toLowerCase()) options.set(`${s.kind}:${s.name.toLowerCase()}`, { kind: s.kind, name: s.name });
  }
  return [...options.values()];
}

function Rows({ data, sort, onSort, selected, setSelected }: { data: TStageListResponse; sort: TStageListSort; onSort: (s: TStageListSort) => void; selected: string[]; setSelected: (ids: string[]) => void }) {
  const pageIds = useMemo(() => data.items.map((r) => r.applicationId), [data.items]);
  const chosen = new Set(selected);
  const all = pageIds.every((id) => chosen.has(id));
  const some = pageIds.some((id) => chosen.has(id));
  const toggle = (id: string) => setSelected(chosen.has(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label="Select all on this page" checked={all} indeterminate={some && !all} onChange={() => setSelected(all ? [] : pageIds)} />
            </Table.Th>
            <SortHeader label="Name" active={sort === 'name'} ariaSort={sort === 'name' ? 'ascending' : undefined} onClick={() => onSort('name')} />
            <SortHeader label="Job" active={sort === 'job'} ariaSort={sort === 'job' ? 'ascending' : undefined} onClick={() => onSort('job')} />
            <Table.Th>Stage</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Owner</Table.Th>
            <SortHeader
              label="Days in stage"
              active={sort === 'newest' || sort === 'oldest'}
              ariaSort={sort === 'newest' ? 'ascending' : sort === 'oldest' ? 'descending' : undefined}
              onClick={() => onSort(sort === 'newest' ? 'oldest' : 'newest')}
            />
            <Table.Th>Tags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((r) => (
            <Table.Tr key={r.applicationId}>
              <Table.Td>
                <Checkbox aria-label={`Select ${r.name}`} checked={chosen.has(r.applicationId)} onChange={() => toggle(r.applicationId)} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/application/${r.applicationId}`} fw={500}>
                  {r.name}
                </Anchor>
                {r.currentTitle ? (
                  <Text fz="xs" c="dimmed">
                    {r.currentTitle}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/job/${r.jobId}`}>
                  {r.jobTitle}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {r.stageName}
                {r.rejectionReason ? (
                  <Text fz="xs" c="dimmed">
                    {r.withdrawn ? 'Withdrew' : r.rejectionReason}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{ApplicationSourceLabels[r.source]}</Table.Td>
              <Table.Td>{r.owner?.name ?? '—'}</Table.Td>
              <Table.Td>{daysSince(r.stageEnteredAt)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {r.tags.map((t) => (
                    <Badge key={t} variant="light" size="sm">
                      {t}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A column header that sorts the list; screen readers hear the order through aria-sort. */
function SortHeader({ label, active, ariaSort, onClick }: { label: string; active: boolean; ariaSort?: 'ascending' | 'descending'; onClick: () => void }): ReactNode {
  return (
    <Table.Th aria-sort={ariaSort ?? 'none'}>
      <UnstyledButton onClick={onClick} fw={active ? 700 : 500} fz="sm">
        {label}
        {active ? (ariaSort === 'descending' ? ' ↓' : ' ↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}
