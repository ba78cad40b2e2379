import { Suspense, lazy, useCallback, useMemo, useRef, useState } from 'react';
import { Group, Loader, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { TBoard, TBoardFilters, TMoveApplicationRequest, TPipelineCard } from '@hireflow/contracts/pipeline';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { schedulesOnAnyJob } from '@/features/interviews/schedule/can-schedule';
import { moveApplication } from '../api/move-application';
import { useLiveEvents } from '../live/live-events';
import type { RejectDecision } from '../rejections/reject-dialog';
import { placeCard, type BoardView as View } from './board-cache';
import { CardBody, type StageRef } from './board-card';
import { BoardColumn } from './board-column';

// Loaded on the first rejection, keeping the board's first load light.
const RejectDialog = lazy(() => import('../rejections/reject-dialog').then((m) => ({ default: m.RejectDialog })));
// Loaded on the first "Schedule interview…".
const ScheduleInterviewDialog = lazy(() => import('@/features/interviews/schedule/schedule-interview-dialog').then((m) => ({ default: m.ScheduleInterviewDialog })));

type Props = {
  board: TBoard & { job: NonNullable<TBoard['job']> };
  boardKey: readonly unknown[];
  filters: TBoardFilters;
  filtered: boolean;
  firstPageAt: number;
  selected: ReadonlySet<string>;
  onToggle: (applicationId: string) => void;
};

const screenReaderInstructions = {
  draggable:
    'To move this applicant, press space or enter to pick the card up, use the left and right arrow keys to choose a stage, then press space or enter to drop it there, or escape to cancel. The actions menu offers the same moves.',
};

/** Patches the open board at once; the server's answer (or its refusal) settles it. */
function useBoardMove(view: View & { stageKinds: Map<string, TPipelineCard['stageKind']> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ card, input }: { card: TPipelineCard; input: TMoveApplicationRequest }) => moveApplication(card.applicationId, input),
    onMutate: ({ card, input }) => {
      placeCard(client, view, { ...card, stageId: input.stageId, stageKind: view.stageKinds.get(input.stageId) ?? card.stageKind, stageEnteredAt: new Date().toISOString() });
    },
    onSuccess: (result) => placeCard(client, view, result.card),
    onError: (error, { card }) => {
      placeCard(client, view, card);
      notifications.show({ color: 'red', title: `${card.name} was not moved`, message: errorMessage(error) });
    },
    onSettled: (_result, _error, { card }) => {
      // Other pipeline views, the job and the candidate refresh; the board keeps its patched cache.
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'pipeline' && q.queryKey[1] !== 'board' });
      void client.invalidateQueries({ queryKey: ['jobs'] });
      void client.invalidateQueries({ queryKey: ['candidates'] });
      void client.invalidateQueries({ queryKey: ['application', card.applicationId] });
    },
  });
}

/**
 * The columns of one job with drag and drop (mouse, touch, keyboard), the per-card menu, the reject
 * dialog for a rejected stage, and live updates from colleagues' moves and new applicants.
 */
export function BoardColumns({ board, boardKey, filters, filtered, firstPageAt, selected, onToggle }: Props) {
  const client = useQueryClient();
  // Counts change with every move; the stages themselves do not, and the memoised cards keep them.
  const stageSignature = board.stages.map((s) => `${s.id}:${s.kind}:${s.name}`).join('|');
  const stages: StageRef[] = useMemo(() => board.stages.map(({ id, name, kind }) => ({ id, name, kind })), [stageSignature]);
  const view = useMemo(
    () => ({ boardKey, jobId: board.job.id, filters, stageIds: stages.map((s) => s.id), stageKinds: new Map(stages.map((s) => [s.id, s.kind])) }),
    [boardKey, board.job.id, filters, stages],
  );
  // `mutate` is stable across renders, so the memoised cards do not re-render when a move starts or ends.
  const { mutate } = useBoardMove(view);
  const [active, setActive] = useState<TPipelineCard | null>(null);
  const [rejecting, setRejecting] = useState<{ card: TPipelineCard; stage: StageRef } | null>(null);
  const [scheduling, setScheduling] = useState<TPipelineCard | null>(null);
  const { user } = useSession();
  const mayScheduleInterviews = board.canMove || schedulesOnAnyJob(user);
  const stageName = useCallback((id: string | number | undefined) => stages.find((s) => s.id === id)?.name ?? 'no stage', [stages]);

  // Live: a colleague's move or a new applicant. Each event at most once; the card says where it is now.
  const seen = useRef(new Set<string>());
  useLiveEvents((event) => {
    if (event.jobId !== board.job.id || !event.data.card || seen.current.has(event.id)) return;
    seen.current.add(event.id);
    placeCard(client, view, event.data.card, event.data.fromStageId);
  });

  const requestMove = useCallback(
    (card: TPipelineCard, stage: StageRef) => {
      if (stage.id === card.stageId) return;
      if (stage.kind === 'rejected') setRejecting({ card, stage });
      else mutate({ card, input: { stageId: stage.id } });
    },
    [mutate],
  );
  const confirmReject = (decision: RejectDecision) => {
    if (!rejecting) return;
    mutate({ card: rejecting.card, input: { stageId: rejecting.stage.id, ...decision } });
    setRejecting(null);
  };

  // The keyboard moves between columns by index (left/right arrows), not by pixels: it works the same
  // however far the columns are scrolled, and on any screen width.
  const keyboard = useRef({ active: false, index: 0 });
  const coordinateGetter: KeyboardCoordinateGetter = useCallback(
    (event, { currentCoordinates }) => {
      const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
      if (!step) return undefined;
      event.preventDefault();
      keyboard.current.index = Math.min(stages.length - 1, Math.max(0, keyboard.current.index + step));
      document.querySelector(`[data-stage-id="${stages[keyboard.current.index]?.id}"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      // A one-pixel nudge in both axes: with a vertical change the sensor moves the card (and scrolls a
      // scrollable column row along) instead of only scrolling the row, so the collision check runs.
      return { x: currentCoordinates.x + step, y: currentCoordinates.y + (keyboard.current.index % 2 ? 1 : -1) };
    },
    [stages],
  );
  const collisionDetection: CollisionDetection = useCallback(
    (args) => {
      if (keyboard.current.active) {
        const id = stages[keyboard.current.index]?.id;
        return args.droppableContainers.filter((c) => c.id === id).map((c) => ({ id: c.id, data: { droppableContainer: c, value: 0 } }));
      }
      const within = pointerWithin(args);
      return within.length ? within : rectIntersection(args);
    },
    [stages],
  );
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const leftOrigin = useRef(false);
  const cardOf = (a: { data: { current?: unknown } }) => (a.data.current as { card?: TPipelineCard } | undefined)?.card ?? null;
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const card = cardOf(a);
      return card ? `Picked up ${card.name} in ${stageName(card.stageId)}.` : undefined;
    },
    onDragOver: ({ active: a, over }) => {
      const card = cardOf(a);
      if (!card) return undefined;
      // Over its own column as it is picked up: the pick-up message stays.
      if (over?.id === card.stageId && !leftOrigin.current) return undefined;
      leftOrigin.current = true;
      return over ? `${card.name} is over ${stageName(over.id)}.` : `${card.name} is not over a stage.`;
    },
    onDragEnd: ({ active: a, over }) => {
      const card = cardOf(a);
      if (!card) return undefined;
      if (!over || over.id === card.stageId) return `${card.name} stays in ${stageName(card.stageId)}.`;
      const target = stages.find((s) => s.id === over.id);
      return target?.kind === 'rejected' ? `Choose a rejection reason to move ${card.name} to ${target.name}.` : `${card.name} moved to ${stageName(over.id)}.`;
    },
    onDragCancel: ({ active: a }) => {
      const card = cardOf(a);
      return card ? `Moving was cancelled. ${card.name} stays in ${stageName(card.stageId)}.` : undefined;
    },
  };

  const onDragStart = ({ active: a, activatorEvent }: DragStartEvent) => {
    const card = (a.data.current as { card?: TPipelineCard } | undefined)?.card ?? null;
    leftOrigin.current = false;
    keyboard.current = { active: activatorEvent instanceof KeyboardEvent, index: Math.max(0, stages.findIndex((s) => s.id === card?.stageId)) };
    setActive(card);
  };
  const onDragEnd = ({ over }: DragEndEvent) => {
    const card = active;
    const byKeyboard = keyboard.current.active;
    setActive(null);
    keyboard.current.active = false;
    const stage = stages.find((s) => s.id === over?.id);
    if (!card || !stage) return;
    requestMove(card, stage);
    // The card is rendered anew in its new column: keyboard users keep their place on it.
    if (byKeyboard && stage.kind !== 'rejected') {
      requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-stage-id="${stage.id}"] [data-drag-handle="${card.applicationId}"]`)?.focus()));
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null);
        keyboard.current.active = false;
      }}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap" style={{ overflowX: 'auto', paddingBottom: 8 }} aria-label={`Stages of ${board.job.title}`} role="group">
        {board.stages.map((stage) => (
          <BoardColumn
            key={stage.id}
            jobId={board.job.id}
            stage={stage}
            filters={filters}
            firstPageAt={firstPageAt}
            stages={stages}
            canMove={board.canMove}
            filtered={filtered}
            selected={selected}
            onToggle={onToggle}
            onMove={requestMove}
            onSchedule={mayScheduleInterviews ? setScheduling : undefined}
          />
        ))}
      </Group>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <Paper withBorder shadow="md" radius="md" p="xs" w={260}>
            <CardBody card={active} />
          </Paper>
        ) : null}
      </DragOverlay>
      {rejecting ? (
        <Suspense fallback={<Loader size="xs" role="progressbar" aria-label="Loading the reject dialog" />}>
          <RejectDialog opened onClose={() => setRejecting(null)} onConfirm={confirmReject} who={rejecting.card.name} />
        </Suspense>
      ) : null}
      {scheduling ? (
        <Suspense fallback={<Loader size="xs" role="progressbar" aria-label="Loading the scheduling dialog" />}>
          <ScheduleInterviewDialog opened onClose={() => setScheduling(null)} applicationId={scheduling.applicationId} jobId={board.job.id} candidateName={scheduling.name} />
        </Suspense>
      ) : null}
    </DndContext>
  );
}
