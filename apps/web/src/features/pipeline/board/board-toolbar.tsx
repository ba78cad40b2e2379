import { useEffect, useMemo, useState } from 'react';
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { ApplicationSourceLabels, ApplicationSources } from '@hireflow/contracts/candidates';
import { BoardLimits, type TBoard, type TBoardFilters } from '@hireflow/contracts/pipeline';

type Owner = { id: string; name: string };

type ToolbarProps = {
  board: TBoard;
  filters: TBoardFilters;
  me: Owner;
  /** Owners seen on the board's cards (the owner filter offers them). */
  owners: Owner[];
  onJob: (jobId: string) => void;
  onFilter: (key: keyof TBoardFilters, value: string | number | null) => void;
  onClear: () => void;
};

/** The job picker (my open jobs first) and the filters; both live in the URL. */
export function BoardToolbar({ board, filters, me, owners, onJob, onFilter, onClear }: ToolbarProps) {
  const jobOptions = useMemo(() => {
    const mine = board.jobs.filter((j) => j.mine).map((j) => ({ value: j.id, label: j.title }));
    const others = board.jobs.filter((j) => !j.mine).map((j) => ({ value: j.id, label: j.title }));
    return [
      ...(mine.length ? [{ group: 'My open jobs', items: mine }] : []),
      ...(others.length ? [{ group: 'Other open jobs', items: others }] : []),
    ];
  }, [board.jobs]);
  const ownerOptions = useMemo(() => {
    const list = new Map<string, string>([[me.id, `Me (${me.name})`]]);
    for (const o of owners) if (!list.has(o.id)) list.set(o.id, o.name);
    if (filters.ownerId && !list.has(filters.ownerId)) list.set(filters.ownerId, 'The chosen owner');
    return [...list].map(([value, label]) => ({ value, label }));
  }, [me, owners, filters.ownerId]);
  const [tag, setTag] = useState(filters.tag ?? '');
  useEffect(() => setTag(filters.tag ?? ''), [filters.tag]);
  const commitTag = () => {
    if (tag.trim() !== (filters.tag ?? '')) onFilter('tag', tag.trim() || null);
  };
  const anyFilter = Object.values(filters).some((v) => v !== undefined);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Job"
        placeholder="Choose a job"
        data={jobOptions}
        value={board.job?.id ?? null}
        onChange={(value) => value && onJob(value)}
        searchable
        nothingFoundMessage="No open job by that name"
        allowDeselect={false}
        w={{ base: '100%', sm: 280 }}
        comboboxProps={{ withinPortal: true }}
        description={board.jobs.length >= BoardLimits.pickerJobs ? `The ${BoardLimits.pickerJobs} latest open jobs` : undefined}
      />
      <Select
        label="Source"
        placeholder="Any source"
        data={ApplicationSources.map((s) => ({ value: s, label: ApplicationSourceLabels[s] }))}
        value={filters.source ?? null}
        onChange={(value) => onFilter('source', value)}
        clearable
        w={{ base: '47%', sm: 150 }}
      />
      <TextInput
        label="Tag"
        placeholder="Any tag"
        value={tag}
        onChange={(e) => setTag(e.currentTarget.value)}
        onBlur={commitTag}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitTag();
        }}
        maxLength={BoardLimits.tagMax}
        w={{ base: '47%', sm: 140 }}
      />
      <Select label="Owner" placeholder="Anyone" data={ownerOptions} value={filters.ownerId ?? null} onChange={(value) => onFilter('ownerId', value)} clearable w={{ base: '47%', sm: 180 }} />
      <NumberInput
        label="Days in stage, from"
        placeholder="0"
        min={0}
        max={BoardLimits.maxDays}
        allowDecimal={false}
        allowNegative={false}
        value={filters.minDays ?? ''}
        onChange={(value) => onFilter('minDays', value === '' ? null : Number(value))}
        w={{ base: '47%', sm: 140 }}
      />
      <NumberInput
        label="to"
        placeholder="any"
        min={0}
        max={BoardLimits.maxDays}
        allowDecimal={false}
        allowNegative={false}
        value={filters.maxDays ?? ''}
        onChange={(value) => onFilter('maxDays', value === '' ? null : Number(value))}
        w={{ base: '47%', sm: 90 }}
      />
      {anyFilter ? (
        <Button variant="subtle" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
