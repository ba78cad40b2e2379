import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { startTestApp } from '../../../test/test-app';
import { Application } from '../../candidates/applications/application.model';
import { Candidate } from '../../candidates/candidate.model';
import { OutboxMail } from '../../mail/outbox.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { Approval } from '../../approvals/approval.model';
import { readStoredFile } from '../../files/files.service';
import { Offer } from '../offer.model';
import { OfferEvent } from '../offer-event.model';
import { addOffer, buildOfferCompany, type OfferCompany } from '../offers.test-support';
import { binaryBody } from '../../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let oc: OfferCompany;
let other: OfferCompany;

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  oc = await buildOfferCompany(app, ctx.config, { applicants: 4, inOffer: 4 });
  other = await buildOfferCompany(app, ctx.config, { applicants: 1, inOffer: 0 });
}, 180_000);
afterAll(() => ctx.stop());

/** Reads a PDF's text the way a reader would (pdf.js), not its raw bytes: pdfkit compresses and encodes them. */
export async function pdfText(pdf: Buffer) {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
const binary = (req: request.Test) =>
  req.buffer(true).parse(binaryBody);
const candidateOf = async (applicationId: string) => {
  const application = (await Application.findOne({ customerId: oc.co.customerId, _id: applicationId }).lean())!;
  return (await Candidate.findOne({ customerId: oc.co.customerId, _id: application.candidateId }).lean())!;
};
const offerNow = (id: unknown) => Offer.findOne({ customerId: oc.co.customerId, _id: id }).lean();
const getLetter = (id: string, auth = oc.co.recruiter.auth) => binary(request(app).get(`/api/offers/${id}/letter.pdf`).set('Authorization', auth));

describe('GET /api/offers/:id/letter.pdf', () => {
  it('previews the standard letter as a valid PDF with the candidate and the exact pay, without storing it', async () => {
    const offer = await addOffer(oc, oc.applicationIds[0]!, { status: 'draft' });
    const res = await getLetter(String(offer._id));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="Offer letter - Applicant0 Tester\.pdf"$/);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(new Uint8Array(pdf))).getPageCount()).toBeGreaterThanOrEqual(1);
    const text = await pdfText(pdf);
    expect(text).toContain('Applicant0 Tester');
    expect(text).toContain('EUR 85,000.50 a year');
    expect(text).toContain('Offer of employment: Backend Engineer');
    expect(text).toContain('Monday, 4 January 2027');
    expect(text).toMatch(/This offer is open until the end of \w+day, \d+ \w+ \d{4}\./);
    expect((await offerNow(offer._id))!.letterFileId).toBeNull();
    // No signed copy before the candidate accepts.
    expect((await request(app).get(`/api/offers/${String(offer._id)}/signed.pdf`).set('Authorization', oc.co.recruiter.auth)).status).toBe(404);
  });

  it("fills the offer's template of kind offer (HTML written in the editor) with the offer's values", async () => {
    const template = await MailTemplate.create({
      customerId: oc.co.customerId,
      kind: 'offer',
      name: 'Engineering offer',
      subject: 'Welcome aboard, {{candidate.firstName}}',
      body: '<p>Dear {{candidate.fullName}},</p><p>We offer you {{offer.jobTitle}} at {{company.name}} for <strong>{{offer.baseSalary}}</strong>, starting {{offer.startDate}}, reporting to {{offer.manager}}.</p>',
    });
    const offer = await addOffer(oc, oc.applicationIds[1]!, { status: 'draft' });
    await Offer.updateOne({ customerId: oc.co.customerId, _id: offer._id }, { $set: { templateId: template._id, 'compensation.bonusMinor': 850_000 } });
    const text = await pdfText((await getLetter(String(offer._id))).body as Buffer);
    expect(text).toContain('Welcome aboard, Applicant1');
    expect(text).toContain('Dear Applicant1 Tester,');
    expect(text).toContain('for EUR 85,000.50 a year, starting Monday, 4 January 2027');
    expect(text).toContain(`reporting to ${oc.co.hm.user.firstName} ${oc.co.hm.user.lastName}`);
    expect(text).toContain('Bonus EUR 8,500.00');
    expect(text).not.toContain('{{');
  });

  it('is for those who may see the offer, in their own company: anyone else gets 404', async () => {
    const offer = await addOffer(oc, oc.applicationIds[2]!, { status: 'draft' });
    expect((await getLetter(String(offer._id), oc.co.employee.auth)).status).toBe(404);
    expect((await getLetter(String(offer._id), other.co.admin.auth)).status).toBe(404);
    expect((await getLetter(String(offer._id), oc.co.hm.auth)).status).toBe(200);
    expect((await request(app).get(`/api/offers/${String(offer._id)}/letter.pdf`)).status).toBe(401);
  });
});

describe('POST /api/offers/:id/send', () => {
  const send = (id: string, auth = oc.co.recruiter.auth) => request(app).post(`/api/offers/${id}/send`).set('Authorization', auth);

  it('refuses an offer that is not approved, plainly, and changes nothing', async () => {
    const offer = await addOffer(oc, oc.applicationIds[3]!, { status: 'pending_approval' });
    const res = await send(String(offer._id));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only an approved offer can be sent. This offer is pending approval.');
    expect((await offerNow(offer._id))!.status).toBe('pending_approval');
    await Offer.deleteOne({ customerId: oc.co.customerId, _id: offer._id });
  });

  it('is for those who run the job: an approver sees the offer but may not send it; another company gets 404', async () => {
    const offer = await addOffer(oc, oc.applicationIds[3]!, { status: 'approved' });
    await Approval.create({ customerId: oc.co.customerId, kind: 'offer', subjectId: offer._id, requesterId: oc.co.recruiter.user._id, status: 'approved', round: 1, approverIds: [oc.co.approver1.user._id], deciderIds: [oc.co.approver1.user._id] });
    expect((await send(String(offer._id), oc.co.approver1.auth)).status).toBe(403);
    expect((await getLetter(String(offer._id), oc.co.approver1.auth)).status).toBe(200);
    expect((await send(String(offer._id), oc.co.employee.auth)).status).toBe(404);
    expect((await send(String(offer._id), other.co.admin.auth)).status).toBe(404);
    expect((await offerNow(offer._id))!.status).toBe('approved');
    await Offer.deleteOne({ customerId: oc.co.customerId, _id: offer._id });
  });

  it('stores the letter, gives the offer a link and mails it to the candidate without the money', async () => {
    const offer = await addOffer(oc, oc.applicationIds[3]!, { status: 'approved' });
    const candidate = await candidateOf(oc.applicationIds[3]!);
    const res = await send(String(offer._id));
    expect(res.status).toBe(204);

    const sent = (await offerNow(offer._id))!;
    expect(sent.status).toBe('sent');
    expect(sent.sentBy!.equals(oc.co.recruiter.user._id)).toBe(true);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.letterFileId).toBeTruthy();
    expect(sent.linkTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await OfferEvent.countDocuments({ customerId: oc.co.customerId, offerId: offer._id, kind: 'sent' })).toBe(1);

    const stored = (await readStoredFile(oc.co.customerId, sent.letterFileId!))!;
    expect(stored.contentType).toBe('application/pdf');
    expect(await pdfText(stored.buffer)).toContain('EUR 85,000.50 a year');
    // What the recruiter opens now is the letter as sent, byte for byte.
    const letter = await getLetter(String(offer._id));
    expect(Buffer.compare(letter.body as Buffer, stored.buffer)).toBe(0);

    const mail = (await OutboxMail.findOne({ to: candidate.email, kind: 'offer-sent' }).lean())!;
    expect(mail.subject).toBe(`Your offer from ${oc.co.customer.name}: Backend Engineer`);
    const link = /(http\S+\/offer\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(link.startsWith(`${ctx.config.publicUrl}/offer/`)).toBe(true);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.text).toContain(`The offer is open until the end of`);
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/85,000|EUR/);
    // The stored letter never holds the candidate's key.
    expect(await pdfText(stored.buffer)).not.toContain(link.split('/').pop());

    const page = await request(app).get(new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('EUR 85,000.50 a year');

    expect((await send(String(offer._id))).status).toBe(409);
  });
});
