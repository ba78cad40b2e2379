import type { ClientSession, Types } from 'mongoose';
import type { TLiveEventKind } from '@hireflow/contracts/pipeline';
import { LiveEvent } from './live-event.model';

export type LiveEventInput = {
  customerId: Types.ObjectId;
  kind: TLiveEventKind;
  at?: Date;
  jobId?: Types.ObjectId | null;
  applicationId?: Types.ObjectId | null;
  candidateId?: Types.ObjectId | null;
  byUserId?: Types.ObjectId | null;
  /** The job's hiring team (memberIds): who besides those who see the whole database receives it. */
  teamIds?: Types.ObjectId[];
  data?: Record<string, unknown>;
};

/**
 * The one way an area tells open screens that something changed. Call it inside the transaction of the
 * change: the event exists exactly when the change does, and every API instance's change stream sees it.
 */
export async function publishLiveEvents(events: LiveEventInput[], session?: ClientSession) {
  if (!events.length) return;
  const now = new Date();
  await LiveEvent.insertMany(
    events.map((e) => ({ jobId: null, applicationId: null, candidateId: null, byUserId: null, teamIds: [], data: {}, ...e, at: e.at ?? now })),
    { session },
  );
}
