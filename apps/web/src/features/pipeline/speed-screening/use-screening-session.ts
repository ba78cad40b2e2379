import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import type { TSpeedScreeningItem } from '@hireflow/contracts/pipeline';
import { errorMessage } from '@/lib/api-client';
import { moveApplication } from '../api/move-application';
import { holdApplication } from '../api/hold-application';
import { getApplicationResumeQueryOptions, getPdfBlobQueryOptions, speedScreeningKey, useScreeningQueue } from '../api/get-speed-screening';
import type { RejectDecision } from '../rejections/reject-dialog';
import { useLiveEvents } from '../live/live-events';
import { useSession } from '@/lib/session';

export type ScreeningList = 'queue' | 'on_hold';
export type DecisionKind = 'advanced' | 'rejected' | 'held' | 'released' | 'elsewhere';
type Decision = { kind: DecisionKind; label: string };
type Undoable = { applicationId: string; kind: DecisionKind; fromStageId: string; index: number; name: string };

/** Where the screening session's own list lives: refreshed by the screener, never by someone else's invalidation. */
const isScreeningQueue = (query: Query) => query.queryKey[0] === speedScreeningKey[0] && query.queryKey[1] === speedScreeningKey[1] && query.queryKey[2] === 'queue';

/**
 * One screening session over a job's new applicants (or all my jobs'): where I am, what I decided, and the
 * undo of the last decisions. Decisions show at once and are sent in the background (one applicant's calls
 * in order, so an undo waits for the decision it undoes); a refusal puts the applicant back in front of me
 * with the server's message.
 */
export function useScreeningSession({ jobId, list }: { jobId: string | null; list: ScreeningList }) {
  const client = useQueryClient();
  const queue = useScreeningQueue({ jobId, list });
  // The session's list only grows: a refetch (a colleague's change, a live event) adds applicants at the end
  // but never reorders or drops the ones I am going through, and the total is the one I started with.
  const [items, setItems] = useState<TSpeedScreeningItem[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  useEffect(() => {
    const pages = queue.data?.pages ?? [];
    if (!pages.length) return;
    setTotal((t) => t ?? pages[0]!.total);
    setItems((known) => {
      const seen = new Set(known.map((i) => i.card.applicationId));
      const added = pages.flatMap((p) => p.items).filter((i) => !seen.has(i.card.applicationId) && seen.add(i.card.applicationId));
      return added.length ? [...known, ...added] : known;
    });
  }, [queue.data]);

  const [pos, setPos] = useState(0);
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [undoStack, setUndoStack] = useState<Undoable[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const chains = useRef(new Map<string, Promise<unknown>>());

  // A colleague who moves or holds one of my applicants takes it off my list (my own echoes are ignored).
  const me = useSession().user?.id;
  useLiveEvents((event) => {
    const card = event.data.card;
    if (!card || !event.applicationId || event.byUserId === me || decisions[event.applicationId]) return;
    const item = items.find((i) => i.card.applicationId === event.applicationId);
    if (!item) return;
    const gone = card.stageId !== item.card.stageId || card.onHold !== (list === 'on_hold');
    if (!gone) return;
    const label = card.stageId !== item.card.stageId ? `A colleague moved ${card.name} on` : `A colleague changed the hold of ${card.name}`;
    setDecisions((d) => ({ ...d, [event.applicationId!]: { kind: 'elsewhere', label } }));
  });

  const decidedCount = Object.keys(decisions).length;
  const left = Math.max(0, (total ?? 0) - decidedCount);
  const current: TSpeedScreeningItem | null = items[pos] ?? null;
  const nextUndecided = useCallback(
    (from: number, decided: Record<string, Decision>) => {
      let i = from + 1;
      while (i < items.length && decided[items[i]!.card.applicationId]) i++;
      return i;
    },
    [items],
  );

  // Keep a few applicants loaded ahead, and the next one's résumé ready before it is needed.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = queue;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && pos >= items.length - 3) void fetchNextPage();
  }, [pos, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const upcoming = items[nextUndecided(pos, decisions)];
  useEffect(() => {
    if (!upcoming?.resume) return;
    void client.fetchQuery(getApplicationResumeQueryOptions(upcoming.card.applicationId)).then(
      (preview) => (preview.kind === 'pdf' && preview.fileId ? client.prefetchQuery(getPdfBlobQueryOptions(preview.fileId)) : undefined),
      () => undefined,
    );
  }, [client, upcoming]);

  const refreshElsewhere = useCallback(
    (applicationId: string) => {
      void client.invalidateQueries({ queryKey: ['pipeline'], predicate: (q) => !isScreeningQueue(q) });
      void client.invalidateQueries({ queryKey: ['jobs'] });
      void client.invalidateQueries({ queryKey: ['candidates'] });
      void client.invalidateQueries({ queryKey: ['application', applicationId] });
    },
    [client],
  );

  /** Runs an applicant's calls one after another; a failure undoes the local decision and says why. */
  const send = useCallback(
    (applicationId: string, index: number, call: () => Promise<unknown>, onFail: () => void) => {
      const previous = chains.current.get(applicationId) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(call);
      chains.current.set(applicationId, next);
      next.then(
        () => refreshElsewhere(applicationId),
        (error: unknown) => {
          onFail();
          setPos(index);
          setProblem(errorMessage(error));
          setAnnouncement(`Not saved: ${errorMessage(error)}`);
        },
      );
    },
    [refreshElsewhere],
  );

  const decide = useCallback(
    (kind: DecisionKind, label: string, call: () => Promise<unknown>) => {
      if (!current || decisions[current.card.applicationId]) return;
      const applicationId = current.card.applicationId;
      const index = pos;
      const updated = { ...decisions, [applicationId]: { kind, label } };
      setDecisions(updated);
      setUndoStack((stack) => [...stack, { applicationId, kind, fromStageId: current.card.stageId, index, name: current.card.name }]);
      setPos(nextUndecided(index, updated));
      setProblem(null);
      setAnnouncement(label);
      send(applicationId, index, call, () => {
        setDecisions((d) => {
          const { [applicationId]: _gone, ...rest } = d;
          return rest;
        });
        setUndoStack((stack) => stack.filter((u) => u.applicationId !== applicationId));
      });
    },
    [current, decisions, pos, nextUndecided, send],
  );

  const advance = useCallback(() => {
    if (!current?.nextStage) return;
    const to = current.nextStage;
    decide('advanced', `Advanced ${current.card.name} to ${to.name}`, () => moveApplication(current.card.applicationId, { stageId: to.id }));
  }, [current, decide]);

  const reject = useCallback(
    (decision: RejectDecision) => {
      if (!current?.rejectStage) return;
      const to = current.rejectStage;
      const label = decision.withdrawn ? `${current.card.name} withdrew` : `Rejected ${current.card.name}: ${decision.reason ?? ''}`;
      decide('rejected', label, () => moveApplication(current.card.applicationId, { stageId: to.id, ...decision }));
    },
    [current, decide],
  );

  const hold = useCallback(() => {
    if (!current) return;
    const onHold = list === 'queue';
    decide(onHold ? 'held' : 'released', onHold ? `Put ${current.card.name} on hold` : `Put ${current.card.name} back to screen`, () => holdApplication(current.card.applicationId, onHold));
  }, [current, decide, list]);

  const skip = useCallback(() => {
    if (pos >= items.length) return;
    setPos((p) => p + 1);
    setAnnouncement(current ? `Skipped ${current.card.name}` : '');
  }, [current, pos, items.length]);

  const previous = useCallback(() => setPos((p) => Math.max(0, p - 1)), []);

  const undo = useCallback(() => {
    const last = undoStack[undoStack.length - 1];
    if (!last) return;
    setUndoStack((stack) => stack.slice(0, -1));
    setDecisions((d) => {
      const { [last.applicationId]: _gone, ...rest } = d;
      return rest;
    });
    setPos(last.index);
    setProblem(null);
    setAnnouncement(`Undone: ${last.name} is back to screen`);
    const call = last.kind === 'held' || last.kind === 'released' ? () => holdApplication(last.applicationId, last.kind === 'released') : () => moveApplication(last.applicationId, { stageId: last.fromStageId });
    send(last.applicationId, last.index, call, () => undefined);
  }, [undoStack, send]);

  /** Back to the first applicant I skipped. */
  const restart = useCallback(() => setPos(nextUndecided(-1, decisions)), [nextUndecided, decisions]);

  const skipped = items.filter((i, index) => index < pos && !decisions[i.card.applicationId]).length;
  const done = total !== null && pos >= items.length && !hasNextPage && !isFetchingNextPage;

  return {
    queue,
    jobs: queue.data?.pages[0]?.jobs ?? [],
    current,
    position: pos,
    decision: current ? (decisions[current.card.applicationId] ?? null) : null,
    left,
    skipped,
    done,
    loading: total === null && !queue.isError,
    failed: total === null && queue.isError,
    loadingMore: total !== null && pos >= items.length && (isFetchingNextPage || Boolean(hasNextPage)),
    canUndo: undoStack.length > 0,
    announcement,
    problem,
    actions: { advance, reject, hold, skip, previous, undo, restart },
  };
}
