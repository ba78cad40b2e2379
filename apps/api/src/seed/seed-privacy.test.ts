import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser } from '../test/factories';
import { Candidate } from '../modules/candidates/candidate.model';
import { Customer } from '../modules/org/customer.model';
import { ErasureRequest } from '../modules/privacy/erasure/erasure-request.model';
import { AuditEntry } from '../modules/privacy/audit/audit-entry.model';
import { seedPrivacy } from './seed-privacy';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

const DayMs = 86_400_000;

describe('the demo privacy data', () => {
  it('gives Acme a notice, every candidate a legal basis, three lapsing consents, erasure requests and an audit trail; seeding twice adds nothing', async () => {
    const acme = await buildCustomer({ slug: 'acme' });
    const admin = await buildUser({ customerId: acme._id, role: 'recruiter', email: 'admin@acme.test' });
    await buildUser({ customerId: acme._id, role: 'employee' });
    const appliedAt = new Date(Date.now() - 100 * DayMs);
    const candidate = (i: number, source: string) => ({ _id: new Types.ObjectId(), customerId: acme._id, firstName: `Person${i}`, lastName: 'Demo', email: `p${i}@example.test`, source, consentAt: appliedAt });
    await Candidate.insertMany([...Array.from({ length: 8 }, (_, i) => candidate(i, 'career_site')), candidate(8, 'sourced'), candidate(9, 'import')]);

    await seedPrivacy();
    await seedPrivacy();

    expect((await Customer.findById(acme._id).lean())!.privacy?.notice).toMatch(/^Acme Corporation keeps the details/);
    const everyone = await Candidate.find({ customerId: acme._id }).sort({ firstName: 1 }).lean();
    expect(everyone.filter((c) => c.source === 'career_site').every((c) => c.legalBasis === 'consent' && c.consentExpiresAt)).toBe(true);
    expect(everyone.filter((c) => c.source !== 'career_site').map((c) => [c.legalBasis, c.consentAt, c.consentExpiresAt])).toEqual([['legitimate_interest', null, null], ['legitimate_interest', null, null]]);
    // Consent given 100 days ago lasts 24 months; three lapse within the renewal month.
    const lapsingSoon = everyone.filter((c) => c.consentExpiresAt && c.consentExpiresAt.getTime() < Date.now() + 30 * DayMs);
    expect(lapsingSoon).toHaveLength(3);

    const requests = await ErasureRequest.find({ customerId: acme._id }).sort({ requestedAt: -1 }).lean();
    expect(requests.map((r) => r.state)).toEqual(['pending', 'pending', 'refused']);
    expect(requests[2].decidedBy).toEqual(admin._id);
    expect(requests[0].dueAt.getTime() - requests[0].requestedAt.getTime()).toBe(30 * DayMs);

    const signIns = await AuditEntry.countDocuments({ customerId: acme._id, action: 'signed_in' });
    expect(signIns).toBeGreaterThan(5);
    expect(await AuditEntry.countDocuments({ customerId: acme._id, action: 'viewed', personName: /^Person\d Demo$/ })).toBeGreaterThan(0);
  });
});
