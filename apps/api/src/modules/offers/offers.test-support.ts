import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import type { Config } from '../../config';
import { fromMinorUnits, type TCreateOfferRequest, type TOfferStatus } from '@hireflow/contracts/offers';
import { Application } from '../candidates/applications/application.model';
import { buildPipelineCompany } from '../pipeline/pipeline.test-support';
import { Offer, type OfferDoc } from './offer.model';

/**
 * A pipeline company (see buildPipelineCompany: admin, recruiter and hm run the job, employee interviews,
 * approver2 is a recruiter not on it, approver1 an employee on no job) whose offer chain is approver1 then
 * approver2, with its first `inOffer` applicants moved to the job's offer stage (through the API).
 */
export async function buildOfferCompany(app: Express, config: Config, { applicants = 3, inOffer = 1, headcount = 1 }: { applicants?: number; inOffer?: number; headcount?: number } = {}) {
  const built = await buildPipelineCompany(app, config, { applicants, headcount });
  const { co } = built;
  await setOfferChain(app, built, [co.approver1.id, co.approver2.id]);
  const offerStageId = built.stage('offer');
  for (const id of built.applicationIds.slice(0, inOffer)) {
    const moved = await request(app).post(`/api/applications/${id}/move`).set('Authorization', co.recruiter.auth).send({ stageId: offerStageId });
    if (moved.status !== 200) throw new Error(`move: ${moved.status} ${JSON.stringify(moved.body)}`);
  }
  return { ...built, offerStageId };
}
export type OfferCompany = Awaited<ReturnType<typeof buildOfferCompany>>;

export async function setOfferChain(app: Express, oc: Pick<OfferCompany, 'co'>, approverIds: string[], businessUnitId: string | null = null) {
  const res = await request(app).put('/api/approval-chains').set('Authorization', oc.co.admin.auth).send({ kind: 'offer', businessUnitId, approverIds });
  if (res.status !== 200) throw new Error(`offer chain: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A valid create-offer body: start in a month, expiry in a week (from `now`). */
export function offerBody(overrides: Partial<TCreateOfferRequest> = {}, now = new Date()): TCreateOfferRequest {
  const day = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    jobTitle: 'Backend Engineer',
    startDate: day(30),
    expiryDate: day(7),
    compensation: { currency: 'EUR', baseAmount: '85000.50', period: 'year', bonusAmount: '8500', equity: '1,000 options', otherTerms: '30 days of holiday' },
    templateId: null,
    managerId: null,
    customFields: {},
    note: '',
    submit: false,
    ...overrides,
  };
}

/**
 * An offer written straight to the database, in any state (for tests of what reads offers: lists,
 * dashboards, the public page, expiry). Tests of creating and approving offers go through the API.
 */
export async function addOffer(oc: OfferCompany, applicationId: string, { status = 'draft', expiresAt, linkTokenHash = null, startDate = '2027-01-04' }: { status?: TOfferStatus; expiresAt?: Date; linkTokenHash?: string | null; startDate?: string } = {}): Promise<OfferDoc> {
  const application = await Application.findOne({ customerId: oc.co.customerId, _id: applicationId }).lean();
  if (!application) throw new Error(`no application ${applicationId}`);
  const expiry = expiresAt ?? new Date(Date.now() + 7 * 86_400_000);
  const created = await Offer.create({
    customerId: oc.co.customerId,
    applicationId: application._id,
    candidateId: application.candidateId,
    jobId: application.jobId,
    businessUnitId: oc.job.businessUnitId ?? null,
    status,
    jobTitle: oc.job.title,
    startDate,
    expiryDate: expiry.toISOString().slice(0, 10),
    expiresAt: expiry,
    compensation: { currency: 'EUR', baseMinor: 8_500_050, period: 'year', bonusMinor: null, equity: '', otherTerms: '' },
    createdBy: oc.co.recruiter.user._id,
    linkTokenHash,
    sentAt: ['sent', 'accepted', 'declined', 'expired', 'joined', 'no_show'].includes(status) ? new Date() : null,
  });
  return created.toObject() as OfferDoc;
}

export const baseSalaryOf = (offer: OfferDoc) => fromMinorUnits(offer.compensation.baseMinor, offer.compensation.currency);
export const oid = (id: string) => new Types.ObjectId(id);
