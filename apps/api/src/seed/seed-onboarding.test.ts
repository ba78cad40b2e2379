import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { Offer } from '../modules/offers/offer.model';
import { OnboardingDocument } from '../modules/offers/onboarding/onboarding-document.model';
import { OnboardingSubmission } from '../modules/offers/onboarding/onboarding-submission.model';
import { readStoredFile } from '../modules/files/files.service';
import { seedOnboarding } from './seed-onboarding';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('demo onboarding documents', () => {
  it('configures Acme’s documents without an accepted offer, once; a later run leaves them alone', async () => {
    const acme = await buildCustomer({ name: 'Acme Corp', slug: 'acme' });
    await seedOnboarding();
    const docs = await OnboardingDocument.find({ customerId: acme._id }).sort({ position: 1 }).lean();
    expect(docs.map((d) => [d.name, d.required, d.fileTypes])).toEqual([
      ['Passport or ID', true, ['pdf', 'jpg', 'png']],
      ['Signed employment contract', true, ['pdf']],
      ['Bank details form', true, ['pdf', 'docx']],
      ['Tax form', false, ['pdf']],
    ]);
    expect(await OnboardingSubmission.countDocuments({ customerId: acme._id })).toBe(0);
    await seedOnboarding();
    expect(await OnboardingDocument.countDocuments({ customerId: acme._id })).toBe(4);
  });

  it('gives an accepted offer one accepted, one submitted and one needing changes, with real files', async () => {
    // A fresh demo database where the offers seed made an accepted offer.
    const customerId = (await Customer.findOne({ slug: 'acme' }).lean())!._id;
    await OnboardingDocument.deleteMany({ customerId });
    const recruiter = await buildUser({ customerId, email: 'recruiter@acme.test' });
    const offer = await Offer.create({
      customerId,
      applicationId: new Types.ObjectId(),
      candidateId: new Types.ObjectId(),
      jobId: new Types.ObjectId(),
      status: 'accepted',
      jobTitle: 'Backend Engineer',
      startDate: '2027-01-04',
      expiryDate: '2026-12-01',
      expiresAt: new Date('2026-12-01T23:59:59Z'),
      compensation: { currency: 'EUR', baseMinor: 8_500_000, period: 'year', bonusMinor: null },
      createdBy: recruiter._id,
      decidedAt: new Date('2026-11-10T10:00:00Z'),
    });
    await seedOnboarding();
    const subs = await OnboardingSubmission.find({ customerId, offerId: offer._id }).lean();
    expect(subs.map((s) => [s.filename, s.state]).sort()).toEqual([
      ['bank-details.pdf', 'needs_changes'],
      ['employment-contract-signed.pdf', 'submitted'],
      ['passport.png', 'accepted'],
    ]);
    expect(subs.find((s) => s.state === 'needs_changes')!.note).toMatch(/IBAN/);
    for (const s of subs) {
      const file = await readStoredFile(customerId, s.fileId);
      expect(file!.buffer.length).toBe(s.size);
    }
    expect((await readStoredFile(customerId, subs.find((s) => s.filename.endsWith('.pdf'))!.fileId))!.buffer.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
