import { useEffect, useRef } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { TBoardFilters, TBoardStage, TPipelineCard } from '@hireflow/contracts/pipeline';
import { errorMessage } from '@/lib/api-client';
import { getBoardColumnQueryOptions } from '../api/get-board';
import { BoardCard, type StageRef } from './board-card';

export const ColumnWidth = 280;
/** Before the browser has laid a column out (or where there is no layout, as in tests) it counts as this tall. */
const UnmeasuredRect = { width: ColumnWidth, height: 720 };

type ColumnProps = {
  jobId: string;
  stage: TBoardStage;
  filters: TBoardFilters;
  /** When the board's first pages were fetched (the column starts from them). */
  firstPageAt: number;
  stages: StageRef[];
  canMove: boolean;
  filtered: boolean;
  selected: ReadonlySet<string>;
  onToggle: (applicationId: string) => void;
  onMove: (card: TPipelineCard, stage: StageRef) => void;
  onSchedule?: (card: TPipelineCard) => void;
};

/**
 * One stage: its name and count, and its cards in a virtualised list (only what is on screen is
 * rendered) that loads the next page as it nears the end.
 */
export function BoardColumn({ jobId, stage, filters, firstPageAt, stages, canMove, filtered, selected, onToggle, onMove, onSchedule }: ColumnProps) {
  const column = useInfiniteQuery(getBoardColumnQueryOptions(jobId, stage.id, filters, { cards: stage.cards, nextCursor: stage.nextCursor }, firstPageAt));
  const cards = column.data?.pages.flatMap((p) => p.cards) ?? [];
  const { setNodeRef, isOver } = useDroppable({ id: stage.id, data: { stage } });
  const scrollRef = useRef<HTMLDivElement>(null);
  const more = Boolean(column.hasNextPage);
  const virtualizer = useVirtualizer({
    count: cards.length + (more ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 118,
    overscan: 6,
    gap: 8,
    getItemKey: (index) => cards[index]?.applicationId ?? 'more',
    initialRect: UnmeasuredRect,
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : UnmeasuredRect)),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const { fetchNextPage, isFetchingNextPage, isError } = column;
  useEffect(() => {
    if (more && !isFetchingNextPage && !isError && lastIndex >= cards.length - 3) void fetchNextPage();
  }, [more, isFetchingNextPage, isError, lastIndex, cards.length, fetchNextPage]);

  const headingId = `board-column-${stage.id}`;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      data-stage-id={stage.id}
      withBorder
      radius="md"
      p="xs"
      bg={isOver ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-0)'}
      style={{ width: ColumnWidth, flex: `0 0 ${ColumnWidth}px`, display: 'flex', flexDirection: 'column', maxHeight: '100%', outline: isOver ? '2px solid var(--mantine-primary-color-filled)' : undefined }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" px={4}>
        <Title order={2} fz="sm" id={headingId} lineClamp={1}>
          {stage.name}
        </Title>
        <Badge variant="light" color={stage.kind === 'rejected' ? 'red' : undefined} aria-label={`${stage.count} in ${stage.name}`}>
          {stage.count}
        </Badge>
      </Group>
      {cards.length === 0 ? (
        <Text fz="sm" c="dimmed" ta="center" py="lg" px="xs">
          {filtered ? 'No applicants here match the filters.' : 'No applicants in this stage.'}
          {canMove ? ' Drop a card here to move it.' : ''}
        </Text>
      ) : (
        <div ref={scrollRef} style={{ overflowY: 'auto', flex: 1, maxHeight: 'max(360px, calc(100dvh - 300px))' }}>
          <div role="list" aria-label={`${stage.name} applicants`} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const card = cards[item.index];
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  role={card ? 'listitem' : undefined}
                  aria-setsize={card ? stage.count : undefined}
                  aria-posinset={card ? item.index + 1 : undefined}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                >
                  {card ? (
                    <BoardCard card={card} stages={stages} canMove={canMove} selected={selected.has(card.applicationId)} onToggle={onToggle} onMove={onMove} onSchedule={onSchedule} />
                  ) : (
                    <Group justify="center" py="xs">
                      <Loader size="xs" role="progressbar" aria-label={`Loading more of ${stage.name}`} />
                    </Group>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      {isError ? (
        <Alert color="red" mt="xs" p="xs" title="Could not load these cards">
          <Text fz="xs">{errorMessage(column.error)}</Text>
          <Button size="compact-xs" variant="light" mt={4} onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        </Alert>
      ) : null}
    </Paper>
  );
}
