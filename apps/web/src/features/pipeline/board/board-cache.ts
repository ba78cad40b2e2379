import type { QueryClient } from '@tanstack/react-query';
import type { TBoard, TBoardFilters, TPipelineCard } from '@hireflow/contracts/pipeline';
import { boardColumnKey, type BoardColumnData } from '../api/get-board';
import { cardMatches } from './board-filters';

/** What the open board shows: its cache entries are the board (counts) and one infinite query per column. */
export type BoardView = { boardKey: readonly unknown[]; jobId: string; filters: TBoardFilters; stageIds: string[] };

/** Newest in the stage first, ties by id: the server's column order. */
const before = (a: TPipelineCard, b: TPipelineCard) => a.stageEnteredAt > b.stageEnteredAt || (a.stageEnteredAt === b.stageEnteredAt && a.applicationId > b.applicationId);

function withoutCard(data: BoardColumnData, applicationId: string): BoardColumnData {
  return { ...data, pages: data.pages.map((p) => ({ ...p, cards: p.cards.filter((c) => c.applicationId !== applicationId) })) };
}

/** Inserts at the card's place in the order; a card that sorts after everything loaded comes later with paging. */
function withCard(data: BoardColumnData, card: TPipelineCard): BoardColumnData {
  const pages = data.pages.map((p) => ({ ...p, cards: [...p.cards] }));
  for (const page of pages) {
    const at = page.cards.findIndex((c) => before(card, c));
    if (at >= 0) {
      page.cards.splice(at, 0, card);
      return { ...data, pages };
    }
  }
  const last = pages[pages.length - 1];
  if (!last) return { pages: [{ cards: [card], nextCursor: null }], pageParams: [null] };
  if (last.nextCursor === null) last.cards.push(card);
  return { ...data, pages };
}

const holds = (data: BoardColumnData | undefined, applicationId: string) => Boolean(data?.pages.some((p) => p.cards.some((c) => c.applicationId === applicationId)));

/**
 * Puts a card where it is now: out of the column that holds it, into its stage's column at its place in
 * the order, and the counts follow. Applying the same card twice changes nothing (a card already in its
 * stage is only refreshed), which is what makes live events, their echoes of my own moves and the
 * server's answer to an optimistic move safe to apply in any order. `fromStageId` (from a live move)
 * says which count to lower when the card was further down its old column than the board has loaded.
 */
export function placeCard(client: QueryClient, view: BoardView, card: TPipelineCard, fromStageId?: string) {
  if (!view.stageIds.includes(card.stageId)) return;
  const columns = view.stageIds.map((id) => ({ id, key: boardColumnKey(view.jobId, id, view.filters) }));
  const holder = columns.find((c) => holds(client.getQueryData<BoardColumnData>(c.key), card.applicationId));
  const target = columns.find((c) => c.id === card.stageId)!;
  const matches = cardMatches(card, view.filters);

  if (holder?.id === card.stageId) {
    client.setQueryData<BoardColumnData>(target.key, (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, cards: p.cards.map((c) => (c.applicationId === card.applicationId ? card : c)) })) });
    return;
  }
  if (!holder && !matches) return;

  const delta = new Map<string, number>();
  if (holder) {
    client.setQueryData<BoardColumnData>(holder.key, (data) => data && withoutCard(data, card.applicationId));
    delta.set(holder.id, -1);
  } else if (fromStageId && fromStageId !== card.stageId && view.stageIds.includes(fromStageId)) {
    delta.set(fromStageId, -1);
  }
  if (matches) {
    client.setQueryData<BoardColumnData>(target.key, (data) => (data ? withCard(data, card) : data));
    delta.set(card.stageId, (delta.get(card.stageId) ?? 0) + 1);
  }
  client.setQueryData<TBoard>(view.boardKey, (board) => board && { ...board, stages: board.stages.map((s) => (delta.has(s.id) ? { ...s, count: Math.max(0, s.count + delta.get(s.id)!) } : s)) });
}

/** The card as it is in the board's cache (to move it, or to put it back). */
export function findCard(client: QueryClient, view: BoardView, applicationId: string): TPipelineCard | null {
  for (const stageId of view.stageIds) {
    const data = client.getQueryData<BoardColumnData>(boardColumnKey(view.jobId, stageId, view.filters));
    for (const page of data?.pages ?? []) {
      const card = page.cards.find((c) => c.applicationId === applicationId);
      if (card) return card;
    }
  }
  return null;
}
