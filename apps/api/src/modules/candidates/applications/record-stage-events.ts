import type { ClientSession, Types } from 'mongoose';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { bumpTallies, type TallyBump } from '../../reports/tallies/tallies';
import { freshState, loadStageStates, stageEventBumps } from '../../reports/tallies/stage-tallies';
import { StageEvent } from './stage-event.model';
import { emitStageWebhooks } from '../../api-access/webhooks/event-data';
import { recordVacancyFills } from '../../reports/activity/vacancy-history';

export type StageEventInput = {
  _id: Types.ObjectId;
  customerId: Types.ObjectId;
  applicationId: Types.ObjectId;
  jobId: Types.ObjectId;
  candidateId: Types.ObjectId;
  fromStageId: Types.ObjectId | null;
  fromKind: TStageKind | null;
  toStageId: Types.ObjectId;
  toKind: TStageKind;
  at: Date;
  by: Types.ObjectId | null;
  reason?: string;
  withdrawn?: boolean;
  /** The application's, for the report figures. */
  source: TApplicationSource;
  appliedAt: Date;
  /** When the stage being left was entered (the application's stageEnteredAt); null for a creation. */
  fromEnteredAt: Date | null;
};

/**
 * The one way stage events are written (creation and every move): the append-only event and, in the
 * same transaction, the report tallies it changes, the first hires in the jobs' vacancy histories and the
 * company's webhook deliveries (application.created, application.moved, candidate.hired). Events of one
 * call belong to one company.
 */
export async function recordStageEvents(events: StageEventInput[], session?: ClientSession | null) {
  if (!events.length) return;
  const customerId = events[0]!.customerId;
  const moved = events.filter((e) => e.fromKind !== null).map((e) => e.applicationId);
  const states = await loadStageStates(customerId, moved, session);
  const bumps: TallyBump[] = [];
  const docs = events.map(({ source, appliedAt, fromEnteredAt, ...e }) => {
    const state = states.get(String(e.applicationId)) ?? freshState();
    states.set(String(e.applicationId), state);
    const result = stageEventBumps({ customerId, jobId: e.jobId, source, appliedAt, fromKind: e.fromKind, fromEnteredAt, toKind: e.toKind, at: e.at, by: e.by, reason: e.reason ?? '', withdrawn: Boolean(e.withdrawn) }, state);
    bumps.push(...result.bumps);
    return { ...e, reason: e.reason ?? '', withdrawn: Boolean(e.withdrawn), source, daysToHire: result.daysToHire };
  });
  await StageEvent.insertMany(docs, { session: session ?? undefined });
  await bumpTallies(bumps, session);
  await recordVacancyFills(customerId, docs.filter((d) => d.daysToHire !== null), session);
  await emitStageWebhooks(events, session);
}
