import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { OfferMessages } from '@hireflow/contracts/offers';
import { OnboardingMessages, ZOfferOnboarding, ZOnboardingDocument } from '@hireflow/contracts/offers-onboarding';
import { startTestApp } from '../../../test/test-app';
import { demoResumePdf } from '../../../seed/demo-resume';
import { demoResumeDocx } from '../../../seed/demo-docx';
import { buildJobsCompany, type JobsCompany } from '../../jobs/jobs.test-support';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { OutboxMail } from '../../mail/outbox.model';
import { LiveEvent } from '../../../lib/live-events/live-event.model';
import { Offer, type OfferDoc } from '../offer.model';
import { newOfferLink } from '../offer-link';
import { addOffer, buildOfferCompany, type OfferCompany } from '../offers.test-support';
import { OnboardingSubmission } from './onboarding-submission.model';
import { onboardingSectionHtml } from './onboarding.public';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let oc: OfferCompany;
let other: JobsCompany;
let accepted: { offer: OfferDoc; token: string };
let sent: { offer: OfferDoc; token: string };
const docs: Record<'passport' | 'contract' | 'bank', string> = { passport: '', contract: '', bank: '' };

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const pdf = demoResumePdf(['Signed contract']);

async function offerWithLink(applicationId: string, status: 'accepted' | 'sent') {
  const link = newOfferLink();
  return { offer: await addOffer(oc, applicationId, { status, linkTokenHash: link.tokenHash }), token: link.token };
}

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  [oc, other] = await Promise.all([buildOfferCompany(app, ctx.config, { applicants: 3, inOffer: 2 }), buildJobsCompany(ctx.config)]);
  accepted = await offerWithLink(oc.applicationIds[0]!, 'accepted');
  sent = await offerWithLink(oc.applicationIds[1]!, 'sent');
  const add = async (body: Record<string, unknown>) => ZOnboardingDocument.parse((await request(app).post('/api/onboarding-documents').set('Authorization', oc.co.admin.auth).send(body).expect(201)).body).id;
  docs.passport = await add({ name: 'Passport or ID', required: true, fileTypes: ['pdf', 'jpg', 'png'] });
  docs.contract = await add({ name: 'Signed employment contract', required: true, fileTypes: ['pdf'] });
  docs.bank = await add({ name: 'Bank details form <b>', description: 'IBAN & BIC', required: false, fileTypes: ['pdf', 'docx'] });
}, 180_000);
afterAll(() => ctx.stop());

const uploadPath = (token: string, documentId: string) => `/offer/${token}/documents/${documentId}`;
const upload = (token: string, documentId: string, file: Buffer, filename: string) => request(app).post(uploadPath(token, documentId)).attach('file', file, filename);
const stored = () => OnboardingSubmission.countDocuments({ customerId: oc.co.customerId });
const onboardingOf = async (auth: string, applicationId = oc.applicationIds[0]!) => ZOfferOnboarding.parse((await request(app).get(`/api/applications/${applicationId}/onboarding`).set('Authorization', auth).expect(200)).body);

describe('the new hire uploads onboarding documents from their offer page', () => {
  it('shows the documents with an upload form on an accepted offer only, everything escaped', async () => {
    const html = await onboardingSectionHtml(accepted.offer, accepted.token);
    expect(html).toContain('<h2 id="onboarding-title">Documents to provide</h2>');
    expect(html).toContain(`action="/offer/${accepted.token}/documents/${docs.passport}" enctype="multipart/form-data"`);
    expect(html).toContain('Choose a file (PDF, JPG or PNG, up to 10 MB)');
    expect(html).toContain('accept=".pdf,.jpg,.jpeg,.png"');
    expect(html).toContain('Bank details form &lt;b&gt; <span class="meta">(optional)</span>');
    expect(html).toContain('IBAN &amp; BIC');
    expect(html).not.toContain('<b>');
    expect(await onboardingSectionHtml(sent.offer, sent.token)).toBe('');
  });

  it('answers a plain 404 page for an unknown token and refuses an offer not accepted, storing nothing', async () => {
    const unknown = await upload('x'.repeat(43), docs.passport, png, 'id.png').expect(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.text).toContain(OfferMessages.linkInvalid);
    const notYet = await upload(sent.token, docs.passport, png, 'id.png').expect(409);
    expect(notYet.text).toContain(OnboardingMessages.noAcceptedOffer);
    expect(await stored()).toBe(0);
  });

  it('refuses a file whose content is not an accepted type (whatever its name), and one too large, storing nothing', async () => {
    const renamed = await upload(accepted.token, docs.contract, png, 'contract.pdf').expect(400);
    expect(renamed.text).toContain(OnboardingMessages.wrongType(['pdf']));
    expect(renamed.text).toContain(`href="/offer/${accepted.token}#onboarding"`);
    const docx = await upload(accepted.token, docs.passport, await demoResumeDocx(['hello']), 'id.docx').expect(400);
    expect(docx.text).toContain('This document must be a PDF, JPG or PNG file.');
    const big = await upload(accepted.token, docs.passport, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]), 'huge.png').expect(413);
    expect(big.text).toContain(OnboardingMessages.tooLarge);
    const none = await request(app).post(uploadPath(accepted.token, docs.passport)).field('x', '1').expect(400);
    expect(none.text).toContain(OnboardingMessages.empty);
    expect(await stored()).toBe(0);
    expect(await OutboxMail.countDocuments({ kind: 'onboarding-document-uploaded' })).toBe(0);
  });

  it('stores an accepted upload for the application, shows it to the recruiter, tells the offer creator once, and redirects back with a confirmation', async () => {
    const done = await upload(accepted.token, docs.passport, png, 'my passport.png').expect(303);
    expect(done.headers.location).toBe(`/offer/${accepted.token}?uploaded=${docs.passport}#document-${docs.passport}`);
    const html = await onboardingSectionHtml(accepted.offer, accepted.token, { uploaded: docs.passport });
    expect(html).toContain(OnboardingMessages.uploaded('Passport or ID'));
    expect(html).toContain('Waiting for review: my passport.png, uploaded');

    const view = await onboardingOf(oc.co.recruiter.auth);
    expect(view.offerId).toBe(String(accepted.offer._id));
    expect(view.canReview).toBe(true);
    expect(view.documents.map((d) => [d.name, d.state])).toEqual([
      ['Passport or ID', 'submitted'],
      ['Signed employment contract', 'missing'],
      ['Bank details form <b>', 'missing'],
    ]);
    const file = await request(app).get(`/api/files/${view.documents[0]!.fileId}`).set('Authorization', oc.co.recruiter.auth).buffer(true).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    // approver1 is an employee on no job: they cannot see the application, nor its files.
    await request(app).get(`/api/files/${view.documents[0]!.fileId}`).set('Authorization', oc.co.approver1.auth).expect(404);

    const mails = await OutboxMail.find({ kind: 'onboarding-document-uploaded' }).lean();
    expect(mails.map((m) => m.to)).toEqual([oc.co.recruiter.user.email]);
    expect(mails[0]!.subject).toMatch(/uploaded Passport or ID$/);
    const activity = await CandidateActivity.find({ customerId: oc.co.customerId, kind: 'onboarding_document' }).lean();
    expect(activity.map((x) => x.summary)).toEqual(['Uploaded Passport or ID (my passport.png)']);
    expect(await LiveEvent.countDocuments({ customerId: oc.co.customerId, kind: 'offer.changed', 'data.change': 'onboarding_document' })).toBe(1);
  });

  it('lets only those who may see the offer read the documents; another company gets 404', async () => {
    // The interviewer (employee on the job) sees the application but not the offer.
    await request(app).get(`/api/applications/${oc.applicationIds[0]}/onboarding`).set('Authorization', oc.co.employee.auth).expect(404);
    await request(app).get(`/api/offers/${accepted.offer._id}/onboarding`).set('Authorization', oc.co.employee.auth).expect(404);
    await request(app).get(`/api/applications/${oc.applicationIds[0]}/onboarding`).set('Authorization', other.admin.auth).expect(404);
    await request(app).get(`/api/offers/${accepted.offer._id}/onboarding`).set('Authorization', other.admin.auth).expect(404);
    // The hiring manager runs the job: they see the documents too.
    const hmView = ZOfferOnboarding.parse((await request(app).get(`/api/offers/${accepted.offer._id}/onboarding`).set('Authorization', oc.co.hm.auth).expect(200)).body);
    expect(hmView.documents).toHaveLength(3);
    expect(hmView.canReview).toBe(true);
    // No accepted offer yet: nothing to show.
    expect(await onboardingOf(oc.co.recruiter.auth, oc.applicationIds[1]!)).toEqual({ offerId: null, offerStatus: null, documents: [], canReview: false });
  });
});

describe('POST /api/offers/:id/onboarding/:documentId/review', () => {
  const review = (auth: string, documentId: string, body: Record<string, unknown>, offerId = String(accepted.offer._id)) =>
    request(app).post(`/api/offers/${offerId}/onboarding/${documentId}/review`).set('Authorization', auth).send(body);

  it('refuses another company (404), a reviewer not running the job (404), and asking again without a note (400)', async () => {
    await review(other.admin.auth, docs.passport, { decision: 'accept' }).expect(404);
    await review(oc.co.employee.auth, docs.passport, { decision: 'accept' }).expect(404);
    const noNote = await review(oc.co.recruiter.auth, docs.passport, { decision: 'ask_again', note: '  ' }).expect(400);
    expect(noNote.body.message).toBe(OnboardingMessages.noteRequired);
    const missing = await review(oc.co.recruiter.auth, docs.contract, { decision: 'accept' }).expect(409);
    expect(missing.body.message).toBe(OnboardingMessages.nothingToReview);
    expect((await OnboardingSubmission.findOne({ customerId: oc.co.customerId, documentId: docs.passport }).lean())!.state).toBe('submitted');
  });

  it('asks again with a note: mails the new hire a fresh link that works while the old one does not', async () => {
    const before = await OutboxMail.countDocuments({ kind: 'onboarding-ask-again' });
    const res = await review(oc.co.recruiter.auth, docs.passport, { decision: 'ask_again', note: 'The photo is cut off.' }).expect(200);
    const view = ZOfferOnboarding.parse(res.body);
    expect(view.documents[0]).toMatchObject({ state: 'needs_changes', note: 'The photo is cut off.', reviewer: { id: oc.co.recruiter.id } });

    const mail = (await OutboxMail.find({ kind: 'onboarding-ask-again' }).sort({ _id: -1 }).lean())[0]!;
    expect(await OutboxMail.countDocuments({ kind: 'onboarding-ask-again' })).toBe(before + 1);
    expect(mail.subject).toMatch(/^Please upload your Passport or ID again/);
    expect(mail.text).toContain('The photo is cut off.');
    const token = /\/offer\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(token).not.toBe(accepted.token);

    await upload(accepted.token, docs.passport, png, 'again.png').expect(404);
    const fresh = (await Offer.findOne({ customerId: oc.co.customerId, _id: accepted.offer._id }).lean<OfferDoc>())!;
    expect(await onboardingSectionHtml(fresh, token)).toContain('<p class="note"><strong>Note from the company:</strong> The photo is cut off.</p>');
    await upload(token, docs.passport, pdf, 'passport.pdf').expect(303);
    accepted = { offer: fresh, token };
    const after = await onboardingOf(oc.co.recruiter.auth);
    expect(after.documents[0]).toMatchObject({ state: 'submitted', filename: 'passport.pdf', note: '', reviewer: null });
    const submission = (await OnboardingSubmission.findOne({ customerId: oc.co.customerId, documentId: docs.passport }).lean())!;
    expect(submission.previousFileIds).toHaveLength(1);
  });

  it('accepts: the document shows accepted, offers no more upload, and the timeline says so', async () => {
    const res = await review(oc.co.hm.auth, docs.passport, { decision: 'accept' }).expect(200);
    expect(ZOfferOnboarding.parse(res.body).documents[0]).toMatchObject({ state: 'accepted', reviewer: { id: oc.co.hm.id } });
    const html = await onboardingSectionHtml(accepted.offer, accepted.token);
    expect(html).toContain('Accepted: passport.pdf');
    expect(html).not.toContain(`action="/offer/${accepted.token}/documents/${docs.passport}"`);
    const refused = await upload(accepted.token, docs.passport, pdf, 'again.pdf').expect(409);
    expect(refused.text).toContain('already been accepted');
    const summaries = (await CandidateActivity.find({ customerId: oc.co.customerId, kind: 'onboarding_document' }).sort({ at: 1, _id: 1 }).lean()).map((x) => x.summary);
    expect(summaries).toEqual(['Uploaded Passport or ID (my passport.png)', 'Passport or ID asked for again: The photo is cut off.', 'Uploaded Passport or ID (passport.pdf)', 'Passport or ID accepted']);
  });

  it('takes a Word document where the document accepts it, checked by its content', async () => {
    await upload(accepted.token, docs.bank, await demoResumeDocx(['IBAN DE00']), 'bank.docx').expect(303);
    const view = await onboardingOf(oc.co.recruiter.auth);
    expect(view.documents[2]).toMatchObject({ state: 'submitted', filename: 'bank.docx' });
  });
});
