import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { OfferMessages, type TOfferEventKind } from '@hireflow/contracts/offers';
import { OfferLetterMessages } from '@hireflow/contracts/offers-letter';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { Job } from '../../jobs/job.model';
import { OutboxMail } from '../../mail/outbox.model';
import { Offer } from '../offer.model';
import { OfferEvent } from '../offer-event.model';
import { newOfferLink } from '../offer-link';
import { addOffer, buildOfferCompany, type OfferCompany } from '../offers.test-support';
import { binaryBody } from '../../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let oc: OfferCompany;
let other: OfferCompany;
const Browser = 'Mozilla/5.0 (X11; Linux x86_64) OfferTest/1.0';

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  oc = await buildOfferCompany(app, ctx.config, { applicants: 8, inOffer: 8, headcount: 1 });
  other = await buildOfferCompany(app, ctx.config, { applicants: 1, inOffer: 0 });
}, 180_000);
afterAll(() => ctx.stop());

const cid = () => oc.co.customerId;
const offerNow = (id: unknown) => Offer.findOne({ customerId: cid(), _id: id }).lean();
const eventsOf = (id: unknown, kind: TOfferEventKind) => OfferEvent.countDocuments({ customerId: cid(), offerId: id as Types.ObjectId, kind });
async function pdfText(pdf: Buffer) {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
const binary = (req: request.Test) =>
  req.buffer(true).parse(binaryBody);
async function candidateOf(applicationId: string) {
  const application = (await Application.findOne({ customerId: cid(), _id: applicationId }).lean())!;
  return (await Candidate.findOne({ customerId: cid(), _id: application.candidateId }).lean())!;
}

/** An approved offer sent through the API (a real stored letter); answers the offer and the path mailed to the candidate. */
async function sentOffer(applicationId: string) {
  const offer = await addOffer(oc, applicationId, { status: 'approved' });
  const res = await request(app).post(`/api/offers/${String(offer._id)}/send`).set('Authorization', oc.co.recruiter.auth);
  if (res.status !== 204) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = (await OutboxMail.findOne({ to: (await candidateOf(applicationId)).email, kind: 'offer-sent' }).lean())!;
  const path = new URL(/(http\S+\/offer\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!).pathname;
  return { offer, path };
}
/** An offer in any state with a working token (no letter stored). */
async function offerWithLink(applicationId: string, status: 'sent' | 'revoked' | 'expired', expiresAt?: Date) {
  const { token, tokenHash } = newOfferLink();
  const offer = await addOffer(oc, applicationId, { status, linkTokenHash: tokenHash, expiresAt });
  return { offer, path: `/offer/${token}` };
}
const accept = (path: string, typedName: string, agree = true) =>
  request(app).post(`${path}/accept`).set('User-Agent', Browser).type('form').send({ typedName, ...(agree ? { agree: 'yes' } : {}) });

describe('GET /offer/:token', () => {
  it('gives a guessed or unknown link nothing but the message: 404, no company, no letter', async () => {
    for (const path of ['/offer/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/offer/short', `/offer/${'x'.repeat(200)}`]) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain(OfferMessages.linkInvalid);
      expect(res.text).not.toContain(oc.co.customer.name);
      expect((await request(app).get(`${path}/letter.pdf`)).status).toBe(404);
    }
    // A token of an offer that was never sent (back in draft) opens nothing either.
    const { token, tokenHash } = newOfferLink();
    await addOffer(oc, oc.applicationIds[7]!, { status: 'draft', linkTokenHash: tokenHash });
    const draft = await request(app).get(`/offer/${token}`);
    expect(draft.status).toBe(404);
    expect(draft.text).not.toContain(oc.co.customer.name);
    await Offer.deleteOne({ customerId: cid(), linkTokenHash: tokenHash });
  });

  it('shows the open offer: the company, the letter with the pay, its PDF, the expiry and both forms; the first view is recorded once', async () => {
    const { offer, path } = await sentOffer(oc.applicationIds[0]!);
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    expect(res.text).toContain(`Your offer from ${oc.co.customer.name}`);
    expect(res.text).toContain('Applicant0 Tester');
    expect(res.text).toContain('EUR 85,000.50 a year');
    expect(res.text).toMatch(/This offer is open until the end of \w+day, \d+ \w+ \d{4}\./);
    expect(res.text).toContain(`href="${path}/letter.pdf"`);
    expect(res.text).toContain(`action="${path}/accept"`);
    expect(res.text).toContain('I accept this offer and sign it electronically');
    expect(res.text).toContain(`action="${path}/decline"`);
    const viewed = (await offerNow(offer._id))!;
    expect(viewed.viewedAt).toBeInstanceOf(Date);
    await request(app).get(path);
    expect((await offerNow(offer._id))!.viewedAt!.getTime()).toBe(viewed.viewedAt!.getTime());
    expect(await eventsOf(offer._id, 'viewed')).toBe(1);

    const pdf = await binary(request(app).get(`${path}/letter.pdf`));
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.body as Buffer)).toContain('EUR 85,000.50 a year');
  });

  it('says plainly that an offer expired (by date or by the sweep) and takes no decision on it', async () => {
    const { offer, path } = await offerWithLink(oc.applicationIds[1]!, 'sent', new Date(Date.now() - 60_000));
    const page = await request(app).get(path);
    expect(page.status).toBe(410);
    expect(page.text).toContain(OfferMessages.expired);
    expect(page.text).not.toContain('I accept this offer');
    const res = await accept(path, 'Applicant1 Tester');
    expect(res.status).toBe(410);
    expect(res.text).toContain(OfferMessages.expired);
    const after = (await offerNow(offer._id))!;
    expect(after.status).toBe('sent');
    expect(after.acceptance).toBeNull();
    expect(await eventsOf(offer._id, 'accepted')).toBe(0);
    await Offer.deleteOne({ customerId: cid(), _id: offer._id });

    const swept = await offerWithLink(oc.applicationIds[1]!, 'expired');
    expect((await request(app).get(swept.path)).text).toContain(OfferMessages.expired);
    await Offer.deleteOne({ customerId: cid(), _id: swept.offer._id });
  });

  it('says a revoked offer was withdrawn, without the reason, and serves no letter', async () => {
    const { offer, path } = await offerWithLink(oc.applicationIds[1]!, 'revoked');
    await Offer.updateOne({ customerId: cid(), _id: offer._id }, { $set: { revokeReason: 'Budget frozen for the quarter', letterFileId: 'not-served' } });
    const page = await request(app).get(path);
    expect(page.status).toBe(410);
    expect(page.text).toContain(OfferMessages.revoked);
    expect(page.text).not.toContain('Budget frozen');
    expect((await request(app).get(`${path}/letter.pdf`)).status).toBe(404);
    const res = await request(app).post(`${path}/decline`).type('form').send({ reason: 'x' });
    expect(res.status).toBe(410);
    expect((await offerNow(offer._id))!.status).toBe('revoked');
    await Offer.deleteOne({ customerId: cid(), _id: offer._id });
  });
});

describe('POST /offer/:token/accept', () => {
  it('refuses a signature that is not the name on the offer, or without the box ticked, and changes nothing', async () => {
    const { offer, path } = await sentOffer(oc.applicationIds[2]!);
    const wrong = await accept(path, 'Someone Else');
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(OfferMessages.signatureMismatch);
    expect(wrong.text).toContain('value="Someone Else"');
    const unticked = await accept(path, 'Applicant2 Tester', false);
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain(OfferLetterMessages.tickToAccept.replace(/"/g, '&quot;'));
    const after = (await offerNow(offer._id))!;
    expect(after.status).toBe('sent');
    expect(after.acceptance).toBeNull();
    expect(await eventsOf(offer._id, 'accepted')).toBe(0);
  });

  it('accepts once: records the signature, moves the application to hired (the opening is filled), stamps the signed copy and mails it to both sides', async () => {
    const applicationId = oc.applicationIds[3]!;
    const { offer, path } = await sentOffer(applicationId);
    const candidate = await candidateOf(applicationId);
    // Case and spaces do not matter.
    const res = await accept(path, '  applicant3   TESTER ');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Thank you: you have accepted the offer for Backend Engineer.');
    expect(res.text).toContain(`href="${path}/signed.pdf"`);

    const accepted = (await offerNow(offer._id))!;
    expect(accepted.status).toBe('accepted');
    expect(accepted.decidedAt).toBeInstanceOf(Date);
    expect(accepted.acceptance).toMatchObject({ typedName: 'applicant3 TESTER', userAgent: Browser });
    expect(accepted.acceptance!.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(await eventsOf(offer._id, 'accepted')).toBe(1);

    const application = (await Application.findOne({ customerId: cid(), _id: applicationId }).lean())!;
    expect(application.stageKind).toBe('hired');
    const job = (await Job.findOne({ customerId: cid(), _id: oc.job._id }).lean())!;
    expect(job.status).toBe('filled');
    expect((job.stageCounts as Record<string, number>)[oc.stage('hired')]).toBe(1);

    const signed = await binary(request(app).get(`${path}/signed.pdf`));
    expect(signed.status).toBe(200);
    const pdf = signed.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(new Uint8Array(pdf));
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(2);
    const text = await pdfText(pdf);
    expect(text).toContain('Accepted electronically by applicant3 TESTER on');
    expect(text).toContain(`from IP ${accepted.acceptance!.ip}`);
    expect(text).toContain('OfferTest/1.0');
    expect(text).toContain('EUR 85,000.50 a year');

    const internal = await binary(request(app).get(`/api/offers/${String(offer._id)}/signed.pdf`).set('Authorization', oc.co.hm.auth));
    expect(internal.status).toBe(200);
    expect(Buffer.compare(internal.body as Buffer, pdf)).toBe(0);
    expect((await request(app).get(`/api/offers/${String(offer._id)}/signed.pdf`).set('Authorization', other.co.admin.auth)).status).toBe(404);

    for (const to of [candidate.email, oc.co.recruiter.user.email, oc.co.hm.user.email]) {
      const mails = await OutboxMail.find({ to, kind: 'offer-accepted' }).lean();
      expect(mails, to).toHaveLength(1);
      const [attachment] = mails[0]!.attachments as { filename: string; contentType: string; contentBase64: string }[];
      expect(attachment!.contentType).toBe('application/pdf');
      expect(Buffer.compare(Buffer.from(attachment!.contentBase64, 'base64'), pdf)).toBe(0);
    }

    // The link works once for a decision.
    const again = await accept(path, 'Applicant3 Tester');
    expect(again.status).toBe(409);
    expect(again.text).toContain(OfferMessages.alreadyAccepted);
    const decline = await request(app).post(`${path}/decline`).type('form').send({ reason: 'changed my mind' });
    expect(decline.status).toBe(409);
    const still = (await offerNow(offer._id))!;
    expect(still.status).toBe('accepted');
    expect(still.acceptance!.typedName).toBe('applicant3 TESTER');
    expect(await eventsOf(offer._id, 'accepted')).toBe(1);
    expect(await OutboxMail.countDocuments({ to: candidate.email, kind: 'offer-accepted' })).toBe(1);
    const page = await request(app).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain(OfferMessages.alreadyAccepted);
    expect(page.text).toContain(`href="${path}/signed.pdf"`);
  });

  it('takes one of two decisions sent at the same time; the other is told the offer was already answered', async () => {
    const { offer, path } = await sentOffer(oc.applicationIds[4]!);
    const results = await Promise.all([accept(path, 'Applicant4 Tester'), request(app).post(`${path}/decline`).type('form').send({ reason: 'no' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const decided = (await offerNow(offer._id))!;
    expect(await eventsOf(offer._id, 'accepted') + (await eventsOf(offer._id, 'declined'))).toBe(1);
    expect(['accepted', 'declined']).toContain(decided.status);
  });
});

describe('POST /offer/:token/decline', () => {
  it("declines with the candidate's reason and tells the offer's creator", async () => {
    const { offer, path } = await sentOffer(oc.applicationIds[5]!);
    const res = await request(app).post(`${path}/decline`).type('form').send({ reason: 'I accepted another offer closer to home.' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('You have declined the offer for Backend Engineer.');
    const declined = (await offerNow(offer._id))!;
    expect(declined.status).toBe('declined');
    expect(declined.declineReason).toBe('I accepted another offer closer to home.');
    expect(declined.decidedAt).toBeInstanceOf(Date);
    expect(await eventsOf(offer._id, 'declined')).toBe(1);
    const mail = (await OutboxMail.findOne({ to: oc.co.recruiter.user.email, kind: 'offer-declined' }).lean())!;
    expect(mail.text).toContain('Applicant5 Tester declined the offer for Backend Engineer.');
    expect(mail.text).toContain('Their reason: I accepted another offer closer to home.');
    expect((await Application.findOne({ customerId: cid(), _id: oc.applicationIds[5] }).lean())!.stageKind).toBe('offer');

    const page = await request(app).get(path);
    expect(page.text).toContain(OfferMessages.alreadyDeclined);
    expect((await accept(path, 'Applicant5 Tester')).status).toBe(409);
    expect((await offerNow(offer._id))!.status).toBe('declined');
  });
});
