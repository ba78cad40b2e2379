import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import type { TBoardFilters } from '@hireflow/contracts/pipeline';
import { Paths } from '@hireflow/contracts/routes';
import { useBoard, boardKey } from '@/features/pipeline/api/get-board';
import { filtersFromParams, paramsWithFilter, paramsWithoutFilters } from '@/features/pipeline/board/board-filters';
import { BoardToolbar } from '@/features/pipeline/board/board-toolbar';
import { BoardColumns } from '@/features/pipeline/board/board-view';
import { loadChunk } from '@/app/routes/lazy-page';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

// Loaded on the first selection, so the board itself stays light.
const PipelineBulkBar = lazy(() => loadChunk(() => import('@/features/pipeline/bulk/pipeline-bulk-bar')).then((m) => ({ default: m.PipelineBulkBar })));

const validJobId = (value: string | null) => (value && /^[a-f0-9]{24}$/i.test(value) ? value : null);

/** /workflow: the board of one job (?jobId=, else the job I last opened), its filters in the URL. */
export default function WorkflowPage() {
  const [params, setParams] = useSearchParams();
  const jobId = validJobId(params.get('jobId'));
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const key = useMemo(() => boardKey(jobId, filters), [jobId, filters]);
  const board = useBoard(jobId, filters);
  const { user } = useSession();
  const [selection, setSelection] = useState<{ jobId: string | null; ids: string[] }>({ jobId: null, ids: [] });
  const shownJobId = board.data?.job?.id ?? null;
  // A selection belongs to one job: picking another job starts empty.
  const selected = useMemo(() => (selection.jobId === shownJobId ? selection.ids : []), [selection, shownJobId]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const toggle = useCallback(
    (applicationId: string) =>
      setSelection((s) => {
        const ids = s.jobId === shownJobId ? s.ids : [];
        return { jobId: shownJobId, ids: ids.includes(applicationId) ? ids.filter((x) => x !== applicationId) : [...ids, applicationId] };
      }),
    [shownJobId],
  );
  const clearSelection = useCallback(() => setSelection({ jobId: null, ids: [] }), []);

  const setFilter = (name: keyof TBoardFilters, value: string | number | null) => setParams(paramsWithFilter(params, name, value), { replace: true });
  const owners = useMemo(() => {
    const seen = new Map<string, { id: string; name: string }>();
    for (const stage of board.data?.stages ?? []) for (const card of stage.cards) if (card.owner) seen.set(card.owner.id, card.owner);
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [board.data]);
  const filtered = Object.keys(filters).length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Workflow{board.data?.job ? `: ${board.data.job.title}` : ''}</Title>
        {board.data?.job && !board.data.canMove ? (
          <Text fz="sm" c="dimmed">
            You can look at this board; only the job&apos;s hiring team moves its applicants.
          </Text>
        ) : null}
      </Group>
      {/* A board seen before is fetched again before its columns start from it (they would be stale). */}
      {board.isPending || (!board.isFetchedAfterMount && !board.isError) ? (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label="Loading the board" />
        </Group>
      ) : board.isError ? (
        <Alert color="red" title="The board could not be loaded">
          {(board.error as { status?: number }).status === 404 ? 'This job does not exist or is not one you can see. Choose another job.' : errorMessage(board.error)}
          {jobId ? (
            <Text fz="sm" mt="xs">
              <Anchor component={Link} to={Paths.workflow}>
                Open my board
              </Anchor>
            </Text>
          ) : null}
        </Alert>
      ) : (
        <>
          <BoardToolbar
            board={board.data}
            filters={filters}
            me={{ id: user?.id ?? '', name: user?.fullName ?? 'me' }}
            owners={owners}
            onJob={(id) => setParams(new URLSearchParams({ ...Object.fromEntries(params), jobId: id }))}
            onFilter={setFilter}
            onClear={() => setParams(paramsWithoutFilters(params), { replace: true })}
          />
          {board.data.job ? (
            <>
              {selected.length > 0 && (
                <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading bulk actions" />}>
                  <PipelineBulkBar applicationIds={selected} stageOptions={board.data.stages.map((s) => ({ kind: s.kind, name: s.name }))} onDone={clearSelection} />
                </Suspense>
              )}
              <BoardColumns
                key={`${board.data.job.id}:${JSON.stringify(filters)}`}
                board={{ ...board.data, job: board.data.job }}
                boardKey={key}
                filters={filters}
                filtered={filtered}
                firstPageAt={board.dataUpdatedAt}
                selected={selectedSet}
                onToggle={toggle}
              />
            </>
          ) : (
            <Alert color="blue" title="No job on your board yet">
              {board.data.jobs.length
                ? 'Choose a job above to see its applicants by stage.'
                : 'You are not on the hiring team of an open job. Once a job you work on is open, its applicants appear here by stage; '}
              {board.data.jobs.length ? null : (
                <Anchor component={Link} to={Paths.jobs}>
                  see the jobs
                </Anchor>
              )}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
