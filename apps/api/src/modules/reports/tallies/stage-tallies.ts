import { Types, type ClientSession } from 'mongoose';
import type { TApplicationSource } from '@hireflow/contracts/candidates';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { Application } from '../../candidates/applications/application.model';
import { StageEvent } from '../../candidates/applications/stage-event.model';
import { binCounters, dayBin } from './histogram';
import { bumpCollector, registerTallyRebuilder, type TallyBump } from './tallies';

/**
 * The stage counters of the tallies (dimensions src, rej and rejby), derived from stage events by one
 * pure function used both when an event is written and when the tallies are rebuilt from the events.
 *
 * Under src:<source>, counted on the day of the event:
 *   entered.<kind>, exited.<kind>            visits begun and ended (history-pipeline: entered - exited up to a day)
 *   stay.<kind>.b<i>, staySum.<kind>         the ended visit's length in days (velocity, bottleneck)
 *   open.<kind>                              on the day a visit began: +1, and -1 when it ends (open visits by start day)
 *   rejected.<kind>, withdrew.<kind>         moved to a rejected stage from <kind> (withdrew: the candidate did)
 *   hired, tth.b<i>, tthSum                  the first hire of an application and its time to hire in calendar days
 * and on the day the application was created (the cohort of its application date):
 *   applied, reached.<kind>, passed.<kind>   created; first reached <kind>; first reached a later kind after <kind>
 * Under rej:<reason>: rejected.<kind> / withdrew.<kind>; under rejby:<user>: rejected.<kind>; under
 * hire:<job id>: hired, tth.b<i>, tthSum (time to hire per job).
 */
export const ProgressKinds = ['screening', 'interview', 'offer', 'hired'] as const satisfies readonly TStageKind[];
const rank = (k: TStageKind) => (ProgressKinds as readonly TStageKind[]).indexOf(k);
/** Sources counted as the candidate applying; the others (sourced, import) start at first contact. */
export const InboundSources: readonly TApplicationSource[] = ['career_site', 'referral', 'agency'];

const DayMs = 86_400_000;
const calendarDays = (from: Date, to: Date) => Math.round((Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()) - Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())) / DayMs);

export type StageTallyEvent = {
  customerId: Types.ObjectId;
  jobId: Types.ObjectId;
  source: TApplicationSource;
  appliedAt: Date;
  fromKind: TStageKind | null;
  /** When the visit being left began (the application's stageEnteredAt before the move); null for a creation. */
  fromEnteredAt: Date | null;
  toKind: TStageKind;
  at: Date;
  by: Types.ObjectId | null;
  reason: string;
  withdrawn: boolean;
};

/** What earlier events of the application tell: the kinds it reached, its first move, whether it was hired. */
export type ApplicationStageState = { reached: Set<TStageKind>; firstMoveAt: Date | null; hired: boolean };
export const freshState = (): ApplicationStageState => ({ reached: new Set(), firstMoveAt: null, hired: false });

/** The counters one event adds, and its time to hire when it is the application's first hire; updates `state`. */
export function stageEventBumps(e: StageTallyEvent, state: ApplicationStageState): { bumps: TallyBump[]; daysToHire: number | null } {
  const src = (at: Date, inc: Record<string, number>): TallyBump => ({ customerId: e.customerId, dim: 'src', key: e.source, at, inc });
  const bumps: TallyBump[] = [];
  const now: Record<string, number> = { [`entered.${e.toKind}`]: 1 };
  bumps.push(src(e.at, now));
  const opened: Record<string, number> = { [`open.${e.toKind}`]: 1 };
  bumps.push(src(e.at, opened));
  const cohort: Record<string, number> = {};
  if (e.fromKind === null) cohort.applied = 1;
  else {
    now[`exited.${e.fromKind}`] = 1;
    const days = Math.max(0, (e.at.getTime() - (e.fromEnteredAt ?? e.at).getTime()) / DayMs);
    now[`stay.${e.fromKind}.b${dayBin(days)}`] = 1;
    now[`staySum.${e.fromKind}`] = days;
    bumps.push(src(e.fromEnteredAt ?? e.at, { [`open.${e.fromKind}`]: -1 }));
    if (!state.firstMoveAt) state.firstMoveAt = e.at;
  }
  if (e.toKind === 'rejected' && e.fromKind) {
    const counter = `${e.withdrawn ? 'withdrew' : 'rejected'}.${e.fromKind}`;
    now[counter] = 1;
    bumps.push({ customerId: e.customerId, dim: 'rej', key: (e.reason || '(no reason)').slice(0, 120), at: e.at, inc: { [counter]: 1 } });
    if (!e.withdrawn && e.by) bumps.push({ customerId: e.customerId, dim: 'rejby', key: String(e.by), at: e.at, inc: { [counter]: 1 } });
  }
  if (rank(e.toKind) >= 0 && !state.reached.has(e.toKind)) {
    const top = Math.max(-1, ...[...state.reached].map(rank));
    if (rank(e.toKind) > top && top >= 0) cohort[`passed.${ProgressKinds[top]}`] = 1;
    cohort[`reached.${e.toKind}`] = 1;
    state.reached.add(e.toKind);
  }
  let daysToHire: number | null = null;
  if (e.toKind === 'hired' && !state.hired) {
    state.hired = true;
    const start = InboundSources.includes(e.source) ? e.appliedAt : (state.firstMoveAt ?? e.appliedAt);
    daysToHire = Math.max(0, calendarDays(start, e.at));
    const hire = { hired: 1, [`tth.b${dayBin(daysToHire)}`]: 1, tthSum: daysToHire };
    Object.assign(now, hire);
    bumps.push({ customerId: e.customerId, dim: 'hire', key: String(e.jobId), at: e.at, inc: hire });
  }
  if (Object.keys(cohort).length) bumps.push(src(e.appliedAt, cohort));
  return { bumps, daysToHire };
}

/** Counter names of the histograms, for readers. */
export const stayCounters = (kind: TStageKind) => binCounters(`stay.${kind}`);
export const tthCounters = () => binCounters('tth');

/** The states of applications from their stage events so far (inside the writer's transaction). */
export async function loadStageStates(customerId: Types.ObjectId, applicationIds: Types.ObjectId[], session?: ClientSession | null) {
  const states = new Map<string, ApplicationStageState>();
  for (const id of applicationIds) states.set(String(id), freshState());
  if (!applicationIds.length) return states;
  const events = await StageEvent.find({ customerId, applicationId: { $in: applicationIds } }, { applicationId: 1, fromKind: 1, toKind: 1, at: 1 }, { session })
    .sort({ applicationId: 1, at: 1 })
    .lean();
  for (const ev of events) {
    const s = states.get(String(ev.applicationId))!;
    if (rank(ev.toKind as TStageKind) >= 0) s.reached.add(ev.toKind as TStageKind);
    if (ev.fromKind && !s.firstMoveAt) s.firstMoveAt = ev.at;
    if (ev.toKind === 'hired') s.hired = true;
  }
  return states;
}

/** Rebuild: replays every application's stage events in order, a batch of applications at a time. */
async function rebuildStageTallies(customerId: Types.ObjectId): Promise<TallyBump[]> {
  const { add, bumps: collected } = bumpCollector();
  const Batch = 2_000;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const apps: { _id: Types.ObjectId; source: TApplicationSource; appliedAt: Date }[] = await Application.find({ customerId, ...(after ? { _id: { $gt: after } } : {}) }, { source: 1, appliedAt: 1 })
      .sort({ _id: 1 })
      .limit(Batch)
      .lean();
    if (!apps.length) break;
    after = apps[apps.length - 1]!._id;
    const byApp = new Map(apps.map((a) => [String(a._id), a]));
    // The batch is every application of the company between its first and last id: a range on the
    // index reads their events (an $in of 2,000 ids is many times slower on the embedded database).
    const events = await StageEvent.find({ customerId, applicationId: { $gte: apps[0]!._id, $lte: after } }).sort({ applicationId: 1, at: 1, _id: 1 }).lean();
    let current = '';
    let state = freshState();
    let enteredAt: Date | null = null;
    for (const ev of events) {
      const id = String(ev.applicationId);
      if (id !== current) {
        current = id;
        state = freshState();
        enteredAt = null;
      }
      const app = byApp.get(id)!;
      const { bumps } = stageEventBumps(
        { customerId, jobId: ev.jobId, source: app.source, appliedAt: app.appliedAt, fromKind: (ev.fromKind as TStageKind | null) ?? null, fromEnteredAt: ev.fromKind ? enteredAt : null, toKind: ev.toKind as TStageKind, at: ev.at, by: ev.by ?? null, reason: ev.reason ?? '', withdrawn: Boolean(ev.withdrawn) },
        state,
      );
      for (const b of bumps) add(b);
      enteredAt = ev.at;
    }
  }
  return collected();
}

registerTallyRebuilder({ dims: ['src', 'rej', 'rejby', 'hire'], rebuild: rebuildStageTallies });
