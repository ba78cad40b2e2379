import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { AuthMessages, ZPresentStatusResponse } from '@hireflow/contracts/auth';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import type { Config } from '../../config';
import { Customer } from '../org/customer.model';
import { bearer } from './auth.test-support';

let app: Express;
let config: Config;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
});
afterAll(async () => stop());

async function adminOf(overrides: Parameters<typeof buildCustomer>[0] = {}) {
  const customer = await buildCustomer(overrides);
  const admin = await buildUser({ customerId: customer._id, admin: true });
  return { customer, admin, token: await tokenFor(config, admin) };
}

describe('GET /api/customer/presentstatus', () => {
  it("answers the caller's company state", async () => {
    const { customer, token } = await adminOf({ isAuthorized: false, userOptionsPage: false, slug: null });
    const res = await request(app).get('/api/customer/presentstatus').set(bearer(token)).expect(200);
    expect(ZPresentStatusResponse.parse(res.body)).toEqual({
      id: String(customer._id),
      name: customer.name,
      slug: null,
      isAuthorized: false,
      userOptionsPage: false,
    });
  });

  it('follows the platform super admin authorising the company', async () => {
    const { customer, token } = await adminOf({ isAuthorized: false });
    await Customer.updateOne({ _id: customer._id }, { $set: { isAuthorized: true } });
    const res = await request(app).get('/api/customer/presentstatus').set(bearer(token)).expect(200);
    expect(res.body.isAuthorized).toBe(true);
  });

  it('needs a token, and a company (the platform super admin has none)', async () => {
    await request(app).get('/api/customer/presentstatus').expect(401);
    const superAdmin = await buildUser({ superAdmin: true });
    await request(app).get('/api/customer/presentstatus').set(bearer(await tokenFor(config, superAdmin))).expect(403);
  });
});

describe('POST /api/customerStateUpdate', () => {
  it('marks /user-options done for the admin’s own company', async () => {
    const { customer, token } = await adminOf({ userOptionsPage: false });
    const res = await request(app).post('/api/customerStateUpdate').set(bearer(token)).send({ id: String(customer._id) }).expect(200);
    expect(res.body.userOptionsPage).toBe(true);
    expect((await Customer.findById(customer._id).lean())!.userOptionsPage).toBe(true);
  });

  it("answers 404 for another company's id and leaves it alone", async () => {
    const { token } = await adminOf({ userOptionsPage: false });
    const other = await buildCustomer({ userOptionsPage: false });
    const res = await request(app).post('/api/customerStateUpdate').set(bearer(token)).send({ id: String(other._id) }).expect(404);
    expect(res.body.message).toBe(AuthMessages.companyNotFound);
    expect((await Customer.findById(other._id).lean())!.userOptionsPage).toBe(false);
  });

  it('is for admins only, and needs a valid id', async () => {
    const customer = await buildCustomer({ userOptionsPage: false });
    const recruiter = await buildUser({ customerId: customer._id });
    await request(app).post('/api/customerStateUpdate').set(bearer(await tokenFor(config, recruiter))).send({ id: String(customer._id) }).expect(403);
    expect((await Customer.findById(customer._id).lean())!.userOptionsPage).toBe(false);
    const { token } = await adminOf();
    const res = await request(app).post('/api/customerStateUpdate').set(bearer(token)).send({ id: 'nope' }).expect(400);
    expect(res.body.message).toBe('id: must be a valid id');
    await request(app).post('/api/customerStateUpdate').send({ id: String(customer._id) }).expect(401);
  });
});

describe('POST /api/customer/careersetting/onboarding', () => {
  it('sets the company name, slug and career-site basics', async () => {
    const { customer, token } = await adminOf({ slug: null });
    const res = await request(app)
      .post('/api/customer/careersetting/onboarding')
      .set(bearer(token))
      .send({ companyName: 'Hooli', slug: 'Hooli-XYZ', website: 'https://hooli.example', careerIntro: 'We build things.' })
      .expect(200);
    expect(res.body).toMatchObject({ id: String(customer._id), name: 'Hooli', slug: 'hooli-xyz' });
    const stored = await Customer.findById(customer._id).lean();
    expect(stored).toMatchObject({ name: 'Hooli', slug: 'hooli-xyz', website: 'https://hooli.example', careerIntro: 'We build things.' });
    // The intro is what the public career page says until the admin edits the career site.
    const page = await request(app).get('/careers/hooli-xyz').expect(200);
    expect(page.text).toContain('We build things.');
  });

  it('refuses a slug another company has with a clear 409 message', async () => {
    await buildCustomer({ slug: 'pied-piper' });
    const { customer, token } = await adminOf({ slug: null });
    const res = await request(app)
      .post('/api/customer/careersetting/onboarding')
      .set(bearer(token))
      .send({ companyName: 'Copycat', slug: 'pied-piper' })
      .expect(409);
    expect(res.body.message).toBe(AuthMessages.slugTaken('pied-piper'));
    expect((await Customer.findById(customer._id).lean())!.slug ?? null).toBeNull();
  });

  it('lets a company keep its own slug', async () => {
    const { token } = await adminOf({ slug: 'keep-me' });
    await request(app).post('/api/customer/careersetting/onboarding').set(bearer(token)).send({ companyName: 'Kept', slug: 'keep-me' }).expect(200);
  });

  it('refuses a bad slug or website, and non-admins', async () => {
    const { customer, token } = await adminOf({ slug: null });
    const res = await request(app).post('/api/customer/careersetting/onboarding').set(bearer(token)).send({ companyName: 'X', slug: '-bad-' }).expect(400);
    expect(res.body.message).toMatch(/^slug: /);
    const res2 = await request(app).post('/api/customer/careersetting/onboarding').set(bearer(token)).send({ companyName: 'X', slug: 'good', website: 'nope' }).expect(400);
    expect(res2.body.message).toMatch(/^website: /);
    const recruiter = await buildUser({ customerId: customer._id });
    await request(app).post('/api/customer/careersetting/onboarding').set(bearer(await tokenFor(config, recruiter))).send({ companyName: 'X', slug: 'good' }).expect(403);
  });
});
