import type { ClientSession, Types } from 'mongoose';
import type { TOfferEventKind } from '@hireflow/contracts/offers';
import { publishLiveEvents } from '../../lib/live-events/publish';
import { recordCandidateActivity } from '../candidates/candidate-activity';
import type { OfferDoc } from './offer.model';
import { OfferEvent } from './offer-event.model';

export type OfferChange = {
  offer: Pick<OfferDoc, '_id' | 'customerId' | 'applicationId' | 'candidateId' | 'jobId' | 'status'>;
  kind: TOfferEventKind;
  /** Null when the candidate or the system did it (accepted on the public page, expired). */
  by: Types.ObjectId | null;
  /** What the candidate's timeline says, e.g. "Offer for Backend Engineer sent". */
  summary: string;
  /** The job's hiring team (memberIds): who receives the live event. */
  teamIds: Types.ObjectId[];
  note?: string;
  at?: Date;
  data?: Record<string, unknown>;
};

/**
 * The one way an offer change is recorded: the offer event the reports read, the candidate's timeline
 * entry and the live event open screens refresh on. Call it inside the change's transaction.
 */
export async function recordOfferChanges(changes: OfferChange[], session?: ClientSession) {
  if (!changes.length) return;
  const at = new Date();
  await OfferEvent.insertMany(
    changes.map((c) => ({
      customerId: c.offer.customerId,
      offerId: c.offer._id,
      applicationId: c.offer.applicationId,
      jobId: c.offer.jobId,
      kind: c.kind,
      at: c.at ?? at,
      by: c.by,
      note: c.note ?? '',
      data: { status: c.offer.status, ...c.data },
    })),
    { session },
  );
  await recordCandidateActivity(
    changes.map((c) => ({
      customerId: c.offer.customerId,
      candidateId: c.offer.candidateId,
      kind: 'offer_updated' as const,
      by: c.by,
      summary: c.summary,
      at: c.at ?? at,
      applicationId: c.offer.applicationId,
      jobId: c.offer.jobId,
      data: { offerId: String(c.offer._id), change: c.kind },
    })),
    session,
  );
  await publishLiveEvents(
    changes.map((c) => ({
      customerId: c.offer.customerId,
      kind: 'offer.changed' as const,
      jobId: c.offer.jobId,
      applicationId: c.offer.applicationId,
      candidateId: c.offer.candidateId,
      byUserId: c.by,
      teamIds: c.teamIds,
      data: { offerId: String(c.offer._id), change: c.kind },
    })),
    session,
  );
}
