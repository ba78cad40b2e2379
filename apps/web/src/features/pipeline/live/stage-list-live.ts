import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TStageKind } from '@hireflow/contracts/jobs';
import type { TPipelineCard, TStageListResponse } from '@hireflow/contracts/pipeline';
import { useLiveEvents } from './live-events';

/** A burst of events (a colleague's bulk reject of 500) refetches the list once. */
const RefetchAfterMs = 400;

/**
 * Keeps an open stage list current with colleagues' changes: a changed row on screen (tags, owner) is
 * patched in place; an applicant who entered or left a stage of this kind refetches the list once the
 * burst is over (its order and count changed).
 */
export function useStageListLiveUpdates(kind: TStageKind) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useLiveEvents((event) => {
    const card = event.data.card;
    if (!card) return;
    const lists = client.getQueriesData<TStageListResponse>({ queryKey: ['pipeline', 'stage-list'] });
    const onScreen = lists.some(([, data]) => data?.items.some((r) => r.applicationId === card.applicationId));
    if (event.kind === 'application.updated' && onScreen) {
      for (const [key, data] of lists) patchRow(client, key, data, card);
      return;
    }
    if (card.stageKind !== kind && !onScreen) return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: ['pipeline', 'stage-list'] });
    }, RefetchAfterMs);
  });
}

function patchRow(client: ReturnType<typeof useQueryClient>, key: QueryKey, data: TStageListResponse | undefined, card: TPipelineCard) {
  if (!data?.items.some((r) => r.applicationId === card.applicationId)) return;
  client.setQueryData<TStageListResponse>(key, { ...data, items: data.items.map((r) => (r.applicationId === card.applicationId ? { ...r, ...card, stageName: r.stageName } : r)) });
}
