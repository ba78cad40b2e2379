import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { AuthMessages } from '@hireflow/contracts/auth';
import { OrgMessages } from '@hireflow/contracts/org';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { linkParam, mailsTo } from '../auth/auth.test-support';
import { User } from '../users/user.model';
import { Customer } from './customer.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
});
afterAll(() => ctx.stop());

let seq = 0;
/** A company with no domain and an admin whose verified email is at `adminDomain`. */
async function company(adminDomain = 'admin-mail.test') {
  const customer = await buildCustomer({ domains: [] });
  const admin = await buildUser({ customerId: customer._id, admin: true, email: `boss${++seq}@${adminDomain}` });
  const token = `Bearer ${await tokenFor(ctx.config, admin)}`;
  return {
    customer,
    post: (path: string, body: object) => request(app).post(path).set('Authorization', token).send(body),
    get: (path: string) => request(app).get(path).set('Authorization', token),
  };
}

const signUp = (email: string) => request(app).post('/api/employeeSelfSignUp').send({ firstName: 'Eve', lastName: 'Joiner', email, password: 'Employ33-pass' });
const stateOf = async (co: Awaited<ReturnType<typeof company>>, domain: string) =>
  ((await co.get('/api/org-domains')).body.domains as { domain: string; status: string }[]).find((d) => d.domain === domain)?.status;

describe('email domains need proof before they capture sign-ups', () => {
  it('an unproven domain captures no sign-up; the link mailed to an address at it makes it capture', async () => {
    const acme = await company();
    expect((await acme.post('/api/org-domains', { domain: 'proof-me.test' })).status).toBe(201);
    expect(await stateOf(acme, 'proof-me.test')).toBe('pending');

    const early = await signUp('first@proof-me.test');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(AuthMessages.unknownDomain);
    expect(await User.findOne({ email: 'first@proof-me.test' }).setOptions({ crossTenant: true }).lean()).toBeNull();

    const elsewhere = await acme.post('/api/org-domains/proof-me.test/proof', { email: 'it@other.test' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(OrgMessages.proofAddressElsewhere('proof-me.test'));

    const sent = await acme.post('/api/org-domains/proof-me.test/proof', { email: 'it@proof-me.test' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(OrgMessages.proofSent('it@proof-me.test'));
    expect(sent.body.domains).toContainEqual(expect.objectContaining({ domain: 'proof-me.test', status: 'pending', proofSentTo: 'it@proof-me.test' }));
    const [mail] = await mailsTo(app, 'it@proof-me.test');
    expect(mail!.subject).toContain('Confirm proof-me.test');
    const key = linkParam(mail!, 'key');
    expect(mail!.text).toContain('/verify-domain?key=');

    const proved = await request(app).post('/api/domain-proof').send({ key });
    expect(proved.status).toBe(200);
    expect(proved.body).toMatchObject({ domain: 'proof-me.test', companyName: acme.customer.name });
    expect(await stateOf(acme, 'proof-me.test')).toBe('active');
    // The link works once.
    expect((await request(app).post('/api/domain-proof').send({ key })).status).toBe(400);

    expect((await signUp('second@proof-me.test')).status).toBe(201);
    const joined = await User.findOne({ email: 'second@proof-me.test' }).setOptions({ crossTenant: true }).lean();
    expect(String(joined?.customerId)).toBe(String(acme.customer._id));
  });

  it("a domain at the claiming admin's own verified email is active at once", async () => {
    const acme = await company('own-mail.test');
    const res = await acme.post('/api/org-domains', { domain: 'own-mail.test' });
    expect(res.body.domains).toContainEqual({ domain: 'own-mail.test', status: 'active', proofSentTo: null, proofSentAt: null });
    expect((await signUp('colleague@own-mail.test')).status).toBe(201);
  });

  it('an unverified admin email does not prove its domain', async () => {
    const customer = await buildCustomer({ domains: [] });
    const admin = await buildUser({ customerId: customer._id, admin: true, email: 'new@unverified-mail.test', emailVerified: false });
    const res = await request(app).post('/api/org-domains').set('Authorization', `Bearer ${await tokenFor(ctx.config, admin)}`).send({ domain: 'unverified-mail.test' });
    expect(res.body.domains).toContainEqual(expect.objectContaining({ domain: 'unverified-mail.test', status: 'pending' }));
    expect((await signUp('x@unverified-mail.test')).status).toBe(400);
  });

  it("another company can neither see nor use a company's claim, nor be blocked by it; once proven, the others' claims lapse", async () => {
    const squatter = await company();
    const owner = await company();
    expect((await squatter.post('/api/org-domains', { domain: 'contested.test' })).status).toBe(201);
    // The owner's list shows nothing of the squatter's claim, and the claim does not stop the owner claiming.
    expect((await owner.get('/api/org-domains')).body.domains).toEqual([]);
    expect((await owner.post('/api/org-domains', { domain: 'contested.test' })).status).toBe(201);

    await owner.post('/api/org-domains/contested.test/proof', { email: 'postmaster@contested.test' });
    const key = linkParam((await mailsTo(app, 'postmaster@contested.test'))[0]!, 'key');
    // The squatter cannot send a proof for a domain it has not claimed, nor use the owner's key for itself.
    expect((await squatter.post('/api/org-domains/other.test/proof', { email: 'it@other.test' })).status).toBe(404);
    await request(app).post('/api/domain-proof').send({ key }).expect(200);

    expect(await stateOf(owner, 'contested.test')).toBe('active');
    expect(await stateOf(squatter, 'contested.test')).toBeUndefined();
    expect((await Customer.findById(squatter.customer._id).lean())?.pendingDomains).toEqual([]);
    // Now it belongs to the owner: the squatter can no longer claim or prove it.
    expect((await squatter.post('/api/org-domains', { domain: 'contested.test' })).status).toBe(409);
    expect((await signUp('staff@contested.test')).status).toBe(201);
    const staff = await User.findOne({ email: 'staff@contested.test' }).setOptions({ crossTenant: true }).lean();
    expect(String(staff?.customerId)).toBe(String(owner.customer._id));
  });

  it('a proof link of a company that lost the race is refused', async () => {
    const first = await company();
    const second = await company();
    await first.post('/api/org-domains', { domain: 'race.test' });
    await second.post('/api/org-domains', { domain: 'race.test' });
    await first.post('/api/org-domains/race.test/proof', { email: 'a@race.test' });
    await second.post('/api/org-domains/race.test/proof', { email: 'b@race.test' });
    const firstKey = linkParam((await mailsTo(app, 'a@race.test'))[0]!, 'key');
    const secondKey = linkParam((await mailsTo(app, 'b@race.test'))[0]!, 'key');
    await request(app).post('/api/domain-proof').send({ key: secondKey }).expect(200);
    const late = await request(app).post('/api/domain-proof').send({ key: firstKey });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(OrgMessages.proofLinkInvalid);
    expect(await stateOf(second, 'race.test')).toBe('active');
    expect(await stateOf(first, 'race.test')).toBeUndefined();
  });
});

describe('domains claimed before proof was required', () => {
  it('stay active only where an active admin has a verified email at them, once', async () => {
    const { requireProofOfEarlierDomains } = await import('./domain-proof-migration');
    const customer = await buildCustomer({ domains: ['kept-old.test', 'unproven-old.test'] });
    await buildUser({ customerId: customer._id, admin: true, email: 'boss@kept-old.test' });
    await buildUser({ customerId: customer._id, admin: true, email: 'new@unproven-old.test', emailVerified: false });
    expect((await requireProofOfEarlierDomains()).moved).toBeGreaterThanOrEqual(1);
    const after = await Customer.findById(customer._id).lean();
    expect(after?.domains).toEqual(['kept-old.test']);
    expect(after?.pendingDomains.map((p) => p.domain)).toEqual(['unproven-old.test']);
    expect((await signUp('x@unproven-old.test')).status).toBe(400);

    // Proven later by link, it is not undone by a second start.
    await Customer.updateOne({ _id: customer._id }, { $addToSet: { domains: 'unproven-old.test' }, $pull: { pendingDomains: { domain: 'unproven-old.test' } } });
    expect((await requireProofOfEarlierDomains()).moved).toBe(0);
    expect((await Customer.findById(customer._id).lean())?.domains).toEqual(['kept-old.test', 'unproven-old.test']);
  });
});
