import type { ClientSession, Types } from 'mongoose';
import type { TWebhookEvent } from '@hireflow/contracts/api-access';
import type { StageEventInput } from '../../candidates/applications/record-stage-events';
import { Candidate } from '../../candidates/candidate.model';
import { Job } from '../../jobs/job.model';
import type { OfferAccepted } from '../../offers/offer-accepted-hooks';
import { anyWebhookFor, emitWebhookEvent, emitWebhookEvents, type WebhookEventInput } from './emit-webhook';

/**
 * What each event tells a receiver: ids and the basics (the job's title, the candidate's name and email,
 * the stages), nothing more of the candidate.
 */
type CandidateBasics = { id: string; name: string; email: string };

async function candidatesOf(customerId: Types.ObjectId, ids: Types.ObjectId[], session?: ClientSession | null) {
  const rows = await Candidate.find({ customerId, _id: { $in: ids } }, { firstName: 1, lastName: 1, email: 1 }, { session: session ?? undefined }).lean();
  return new Map<string, CandidateBasics>(rows.map((c) => [String(c._id), { id: String(c._id), name: `${c.firstName} ${c.lastName ?? ''}`.trim(), email: c.email ?? '' }]));
}

const candidateOr = (map: Map<string, CandidateBasics>, id: Types.ObjectId): CandidateBasics => map.get(String(id)) ?? { id: String(id), name: '', email: '' };

/**
 * The webhook events of stage events (recordStageEvents): an event from no stage is a new application
 * (application.created), any other a move (application.moved); arriving in a stage of kind hired is also
 * candidate.hired. Reads the names only when a webhook listens.
 */
export async function emitStageWebhooks(events: StageEventInput[], session?: ClientSession | null) {
  if (!events.length) return;
  const customerId = events[0]!.customerId;
  const kinds = (e: StageEventInput): TWebhookEvent[] => [
    e.fromKind === null ? 'application.created' : 'application.moved',
    ...(e.toKind === 'hired' && e.fromKind !== 'hired' ? (['candidate.hired'] as const) : []),
  ];
  const wanted = [...new Set(events.flatMap(kinds))];
  if (!(await anyWebhookFor(customerId, wanted, session))) return;

  const jobIds = [...new Set(events.map((e) => String(e.jobId)))];
  const jobs = await Job.find({ customerId, _id: { $in: jobIds } }, { title: 1, stages: 1 }, { session: session ?? undefined }).lean();
  const jobById = new Map(jobs.map((j) => [String(j._id), j]));
  const candidates = await candidatesOf(customerId, events.map((e) => e.candidateId), session);
  const stage = (jobId: Types.ObjectId, id: Types.ObjectId | null, kind: string | null) => {
    if (!id) return null;
    const found = jobById.get(String(jobId))?.stages.find((s) => String(s._id) === String(id));
    return { id: String(id), name: found?.name ?? '', kind: found?.kind ?? kind };
  };
  const inputs: WebhookEventInput[] = events.flatMap((e) => {
    const data = {
      applicationId: String(e.applicationId),
      job: { id: String(e.jobId), title: jobById.get(String(e.jobId))?.title ?? '' },
      candidate: candidateOr(candidates, e.candidateId),
      stage: { from: stage(e.jobId, e.fromStageId, e.fromKind), to: stage(e.jobId, e.toStageId, e.toKind) },
      at: e.at.toISOString(),
    };
    return kinds(e).map((event) => ({ customerId, event, data, at: e.at }));
  });
  await emitWebhookEvents(inputs, session);
}

/** offer.accepted, from the offer acceptance's hook (in its transaction). */
export async function emitOfferAccepted({ offer, at, session }: OfferAccepted) {
  const customerId = offer.customerId as Types.ObjectId;
  if (!(await anyWebhookFor(customerId, ['offer.accepted'], session))) return;
  const candidates = await candidatesOf(customerId, [offer.candidateId as Types.ObjectId], session);
  await emitWebhookEvent(
    {
      customerId,
      event: 'offer.accepted',
      at,
      data: {
        offerId: String(offer._id),
        applicationId: String(offer.applicationId),
        job: { id: String(offer.jobId), title: offer.jobTitle },
        candidate: candidateOr(candidates, offer.candidateId as Types.ObjectId),
        startDate: offer.startDate,
        acceptedAt: at.toISOString(),
      },
    },
    session,
  );
}
