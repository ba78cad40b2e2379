import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { TAgencyList, TAgencySubmissionList } from '@hireflow/contracts/agencies';
import { startTestApp } from '../../test/test-app';
import { OutboxMail } from '../mail/outbox.model';
import { Candidate } from '../candidates/candidate.model';
import { Application } from '../candidates/applications/application.model';
import { addOffer, buildOfferCompany, type OfferCompany } from '../offers/offers.test-support';
import { addAgency } from './agencies.test-support';
import { AgencySubmission } from './agency-submission.model';
import { Agency } from './agency.model';
import { placementFeeMinor } from './placement';
import { submitThroughAgency } from './manage/manage.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let oc: OfferCompany;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  oc = await buildOfferCompany(ctx.app, ctx.config, { applicants: 1, inOffer: 0, headcount: 2 });
}, 180_000);
afterAll(() => ctx.stop());

const api = () => request(ctx.app);

/** Sends an approved offer through the API and accepts it on the candidate's public page, as the candidate does. */
async function sendAndAccept(applicationId: string) {
  const offer = await addOffer(oc, applicationId, { status: 'approved' });
  await api().post(`/api/offers/${String(offer._id)}/send`).set('Authorization', oc.co.recruiter.auth).expect(204);
  const application = (await Application.findOne({ customerId: oc.co.customerId, _id: applicationId }).lean())!;
  const candidate = (await Candidate.findOne({ customerId: oc.co.customerId, _id: application.candidateId }).lean())!;
  const mail = (await OutboxMail.findOne({ to: candidate.email, kind: 'offer-sent' }).lean())!;
  const path = new URL(/(http\S+\/offer\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!).pathname;
  const accepted = await api().post(`${path}/accept`).set('User-Agent', 'Mozilla/5.0 PlacementTest').type('form').send({ typedName: `${candidate.firstName} ${candidate.lastName}`, agree: 'yes' });
  expect(accepted.status, accepted.text.slice(0, 300)).toBe(200);
  return offer;
}

describe('the placement fee', () => {
  it('is computed on integers, rounded half up, exact for large amounts', () => {
    expect(placementFeeMinor(8_500_050, 1750)).toBe(1_487_509); // 1,487,508.75
    expect(placementFeeMinor(10_000, 1250)).toBe(1_250);
    expect(placementFeeMinor(3, 1500)).toBe(0); // 0.45
    expect(placementFeeMinor(10, 1500)).toBe(2); // 1.5
    expect(placementFeeMinor(900_719_925_474_099, 9999)).toBe(900_629_853_481_552); // the product is past 2^53
  });

  it('is recorded on the agency\'s submission when its candidate accepts an offer, with the fee at that time', async () => {
    const { agency, user, id } = await addAgency(ctx.config, { customerId: oc.co.customerId, invitedBy: oc.co.admin.user._id, jobIds: [oc.job._id], feePercent: 17.5, name: 'Placing Agency' });
    const applicationId = await submitThroughAgency(oc.co, oc.job, agency, user, 'Paula');
    await api().post(`/api/applications/${applicationId}/move`).set('Authorization', oc.co.recruiter.auth).send({ stageId: oc.offerStageId }).expect(200);
    const offer = await sendAndAccept(applicationId);
    // A later fee change does not touch a recorded placement.
    await Agency.updateOne({ customerId: oc.co.customerId, _id: agency._id }, { $set: { feeBasisPoints: 2500 } });

    const submission = (await AgencySubmission.findOne({ customerId: oc.co.customerId, applicationId }).lean())!;
    expect(submission.placement).toMatchObject({ offerId: offer._id, currency: 'EUR', baseMinor: 8_500_050, feeBasisPoints: 1750, feeMinor: 1_487_509 });
    expect(submission.placement!.at).toBeInstanceOf(Date);

    const list = (await api().get(`/api/agencies/${id}/submissions`).set('Authorization', oc.co.admin.auth).expect(200)).body as TAgencySubmissionList;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.status).toBe('hired');
    expect(list.items[0]!.placement).toMatchObject({ base: 'EUR 85,000.50', feePercent: '17.5', fee: 'EUR 14,875.09', currency: 'EUR' });
    const agencies = (await api().get('/api/agencies?search=placing').set('Authorization', oc.co.admin.auth).expect(200)).body as TAgencyList;
    expect(agencies.items[0]).toMatchObject({ submissionCount: 1, hireCount: 1 });
  });

  it('records nothing for a candidate who did not come through an agency', async () => {
    const before = await AgencySubmission.countDocuments({ customerId: oc.co.customerId, placement: { $ne: null } });
    const applicationId = oc.applicationIds[0]!;
    await api().post(`/api/applications/${applicationId}/move`).set('Authorization', oc.co.recruiter.auth).send({ stageId: oc.offerStageId }).expect(200);
    await sendAndAccept(applicationId);
    expect(await AgencySubmission.countDocuments({ customerId: oc.co.customerId, placement: { $ne: null } })).toBe(before);
  });
});
