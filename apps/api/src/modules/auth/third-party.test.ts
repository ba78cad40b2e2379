import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { LoginMessages } from '@hireflow/contracts/messages';
import { AuthMessages, ZPresentStatusResponse, ZSessionResponse, type TIdentityProvider } from '@hireflow/contracts/auth';
import { IntegrationMessages, ProviderLabels } from '@hireflow/contracts/integrations';
import { Paths } from '@hireflow/contracts/routes';
import { FactoryPassword, buildCustomer, buildUser } from '../../test/factories';
import { runOAuthRoundTrip, startAppWithPeers } from '../integrations/integrations.test-support';
import { Customer } from '../org/customer.model';
import { User } from '../users/user.model';
import { bearer, signIn } from './auth.test-support';
import { AccountBackoff } from './rate-rules';

let ctx: Awaited<ReturnType<typeof startAppWithPeers>>;
let app: Express;
beforeAll(async () => {
  ctx = await startAppWithPeers();
  app = ctx.app;
});
afterAll(async () => ctx?.stop());
// The peers sign in the address /login typed with the current identity's other claims: start each test verified.
beforeEach(() => ctx.peers.setIdentity({ email: 'alex.morgan@newco.test', firstName: 'Alex', lastName: 'Morgan' }));

const providers = ['google', 'microsoft'] as const;
const signInCallback: Record<TIdentityProvider, string> = { google: Paths.googleSignin, microsoft: Paths.outlookSigninAuth };
const signUpCallback: Record<TIdentityProvider, string> = { google: Paths.googleSignup, microsoft: Paths.outlookSignupAuth };

/** The sign-in button: /login starts, the provider signs `email` in (or the peers' identity), the callback page finishes. */
function signInWith(provider: TIdentityProvider, email?: string, agent?: ReturnType<typeof request.agent>) {
  return runOAuthRoundTrip(app, ctx.peers, {
    start: { method: 'post', path: '/api/user/googleLogin', body: { provider, ...(email ? { email } : {}) } },
    finish: () => ({ method: 'post', path: '/api/authComplete' }),
    agent,
  });
}

/** The sign-up button: the provider signs in the peers' current identity. */
function signUpWith(provider: TIdentityProvider) {
  return runOAuthRoundTrip(app, ctx.peers, {
    start: { method: 'post', path: '/api/user/thirdparty/signup', body: { provider } },
    finish: () => ({ method: 'post', path: '/api/thirdparty/signup/verify' }),
  });
}

const storedUser = (email: string) => User.findOne({ email }).setOptions({ crossTenant: true }).lean();

describe.each(providers)('signing in with %s', (provider) => {
  it('lands a session of the verified email\'s account in its own company, usable on the API', async () => {
    const other = await buildCustomer();
    await buildUser({ customerId: other._id, admin: true });
    const customer = await buildCustomer({ name: `Own ${provider}` });
    const user = await buildUser({ customerId: customer._id, firstName: 'Rita' });

    const { started, finished, back } = await signInWith(provider, user.email);
    expect(started.status).toBe(200);
    expect(back!.callbackPath).toBe(signInCallback[provider]);
    expect(finished!.status).toBe(200);
    const session = ZSessionResponse.parse(finished!.body);
    expect(session.user).toMatchObject({ id: String(user._id), email: user.email, customer: { id: String(customer._id), name: `Own ${provider}` } });
    expect(session.user.customerState).toEqual({ slug: customer.slug, isAuthorized: true, userOptionsPage: true });

    const me = await request(app).post('/api/loggedinuserdetails').set(bearer(session.token)).expect(200);
    expect(me.body).toMatchObject({ id: String(user._id), customer: { id: String(customer._id) } });
    const status = await request(app).get('/api/customer/presentstatus').set(bearer(session.token)).expect(200);
    expect(status.body.id).toBe(String(customer._id));
    expect((await storedUser(user.email))!.authProviders).toEqual([provider]);
  });

  it('refuses the same code and state a second time', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const agent = request.agent(app);
    const { finished, back } = await signInWith(provider, user.email, agent);
    expect(finished!.status).toBe(200);
    const replay = await agent.post('/api/authComplete').query({ code: back!.code, state: back!.state }).expect(400);
    expect(replay.body.message).toBe(IntegrationMessages.stateInvalid);
  });

  it('refuses a state started in another browser, and a tampered state', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const mine = request.agent(app);
    const started = await mine.post('/api/user/googleLogin').send({ provider, email: user.email }).expect(200);
    const back = await ctx.peers.authorize(started.body.url);
    const elsewhere = await request.agent(app).post('/api/authComplete').query({ code: back.code, state: back.state }).expect(400);
    expect(elsewhere.body.message).toBe(IntegrationMessages.stateInvalid);
    const tampered = await mine.post('/api/authComplete').query({ code: back.code, state: `${back.state}x` }).expect(400);
    expect(tampered.body.message).toBe(IntegrationMessages.stateInvalid);
  });

  it('refuses an ID token made out to another application', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    ctx.peers[provider].onceIdToken((payload) => {
      payload.aud = 'someone-else';
    });
    const { finished } = await signInWith(provider, user.email);
    expect(finished!.status).toBe(400);
    expect(finished!.body.message).toBe(IntegrationMessages.providerRefused(ProviderLabels[provider]));
    expect(finished!.body.token).toBeUndefined();
  });

  it('refuses an address the provider has not verified', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    ctx.peers.setIdentity({ email: user.email, emailVerified: false, firstName: 'Un', lastName: 'Verified' });
    const { finished } = await signInWith(provider);
    expect(finished!.status).toBe(400);
    expect(finished!.body.message).toBe(IntegrationMessages.emailUnverified(ProviderLabels[provider]));
    expect(finished!.body.token).toBeUndefined();
  });
});

describe('sign-in with a provider follows the rules of password sign-in', () => {
  /** The same account through both doors: the status and message must match. */
  async function bothWays(email: string, expected: number) {
    const password = await signIn(app, email, FactoryPassword, expected);
    const { finished } = await signInWith('google', email);
    expect(finished!.status).toBe(expected);
    return { password: password.body, provider: finished!.body };
  }

  it('refuses an inactive user and a suspended company with the same messages', async () => {
    const inactive = await buildUser({ customerId: (await buildCustomer())._id, status: 'inactive' });
    const a = await bothWays(inactive.email, 403);
    expect(a.provider.message).toBe(AuthMessages.accountInactive);
    expect(a.provider.message).toBe(a.password.message);

    const member = await buildUser({ customerId: (await buildCustomer({ status: 'suspended' }))._id });
    const b = await bothWays(member.email, 403);
    expect(b.provider.message).toBe(AuthMessages.companySuspended);
    expect(b.provider.message).toBe(b.password.message);
  });

  it('signs in a member of a company not yet authorised, with the state the SPA routes by', async () => {
    const pending = await buildCustomer({ isAuthorized: false, userOptionsPage: false, slug: null });
    const admin = await buildUser({ customerId: pending._id, admin: true, emailVerified: false });
    const { password, provider } = await bothWays(admin.email, 200);
    expect(provider.user.customerState).toEqual({ slug: null, isAuthorized: false, userOptionsPage: false });
    expect(provider.user.customerState).toEqual(password.user.customerState);
    // The provider verified the address: the account waiting for verification is verified (as a one-time code does).
    expect(password.user.email_verification).toEqual({ status: false });
    expect(provider.user.email_verification).toEqual({ status: true });
    expect((await User.findById(admin._id).setOptions({ crossTenant: true }).lean())!.emailVerification?.status).toBe(true);
  });

  it('answers an unknown email as password sign-in does, without creating anything', async () => {
    ctx.peers.setIdentity({ email: 'stranger@nowhere.test', firstName: 'Stranger', lastName: 'Danger' });
    const users = await User.countDocuments().setOptions({ crossTenant: true });
    const { finished } = await signInWith('microsoft');
    expect(finished!.status).toBe(404);
    expect(finished!.body.message).toBe(LoginMessages.noAccount);
    const password = await signIn(app, 'stranger@nowhere.test', FactoryPassword, 404);
    expect(password.body.message).toBe(finished!.body.message);
    expect(await User.countDocuments().setOptions({ crossTenant: true })).toBe(users);
  });

  it('is not held back by waits for wrong passwords', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    for (let i = 0; i <= AccountBackoff.loginFailures.free; i += 1) await signIn(app, user.email, 'Wrong-passw0rd!', 401);
    await signIn(app, user.email, FactoryPassword, 429);
    const { finished } = await signInWith('google', user.email);
    expect(finished!.status).toBe(200);
    expect(finished!.body.user.id).toBe(String(user._id));
  });

  it('offers both providers on /login once configured, whichever way the account was made', async () => {
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const res = await request(app).post('/api/user/auth').send({ email: user.email }).expect(200);
    expect(res.body.modes).toEqual({ password: true, otp: true, google: true, microsoft: true });
  });

  it('refuses a sign-up round trip handed to the sign-in call', async () => {
    ctx.peers.setIdentity({ email: 'crossed@wires.test', firstName: 'Cross', lastName: 'Wire' });
    const { finished } = await runOAuthRoundTrip(app, ctx.peers, {
      start: { method: 'post', path: '/api/user/thirdparty/signup', body: { provider: 'google' } },
      finish: () => ({ method: 'post', path: '/api/authComplete' }),
    });
    expect(finished!.status).toBe(400);
    expect(finished!.body.message).toBe(IntegrationMessages.stateInvalid);
    expect(await storedUser('crossed@wires.test')).toBeNull();
  });
});

describe.each(providers)('signing up with %s', (provider) => {
  it('creates a company without a web address and its verified admin; onboarding then sets the address', async () => {
    const email = `founder-${provider}@newco-${provider}.test`;
    ctx.peers.setIdentity({ email, firstName: 'Fran', lastName: 'Founder' });
    const { finished, back } = await signUpWith(provider);
    expect(back!.callbackPath).toBe(signUpCallback[provider]);
    expect(finished!.status).toBe(201);
    const session = ZSessionResponse.parse(finished!.body);
    expect(session.user).toMatchObject({
      email, firstName: 'Fran', lastName: 'Founder', admin: true, email_verification: { status: true },
      customerState: { slug: null, isAuthorized: false, userOptionsPage: false },
    });
    const status = ZPresentStatusResponse.parse((await request(app).get('/api/customer/presentstatus').set(bearer(session.token)).expect(200)).body);
    expect(status.slug).toBeNull();
    await request(app)
      .post('/api/customer/careersetting/onboarding')
      .set(bearer(session.token))
      .send({ companyName: `Newco ${provider}`, slug: `newco-${provider}` })
      .expect(200);
    const after = await request(app).get('/api/customer/presentstatus').set(bearer(session.token)).expect(200);
    expect(after.body).toMatchObject({ name: `Newco ${provider}`, slug: `newco-${provider}` });
    expect((await storedUser(email))!.authProviders).toEqual([provider]);

    // The same person signs in with the provider from then on.
    const { finished: again } = await signInWith(provider, email);
    expect(again!.status).toBe(200);
    expect(again!.body.user.customer.id).toBe(status.id);
  });

  it('refuses an address that already has an account, creating nothing', async () => {
    const existing = await buildUser({ customerId: (await buildCustomer())._id });
    ctx.peers.setIdentity({ email: existing.email, firstName: 'Dup', lastName: 'Licate' });
    const companies = await Customer.countDocuments();
    const { finished } = await signUpWith(provider);
    expect(finished!.status).toBe(409);
    expect(finished!.body.message).toBe(AuthMessages.emailTaken);
    expect(await Customer.countDocuments()).toBe(companies);
  });
});

describe('signing up with a provider, more', () => {
  it('makes a work address at a company\'s known domain an employee there', async () => {
    const customer = await buildCustomer({ domains: ['joinme.test'] });
    ctx.peers.setIdentity({ email: 'jo@joinme.test', firstName: 'Jo', lastName: 'Join' });
    const { finished } = await signUpWith('microsoft');
    expect(finished!.status).toBe(201);
    expect(finished!.body.user).toMatchObject({ role: 'employee', admin: false, customer: { id: String(customer._id) } });
  });

  it('refuses a replayed sign-up callback and an unverified address', async () => {
    ctx.peers.setIdentity({ email: 'once@replay.test', firstName: 'Once', lastName: 'Only' });
    const agent = request.agent(app);
    const { finished, back } = await runOAuthRoundTrip(app, ctx.peers, {
      start: { method: 'post', path: '/api/user/thirdparty/signup', body: { provider: 'google' } },
      finish: () => ({ method: 'post', path: '/api/thirdparty/signup/verify' }),
      agent,
    });
    expect(finished!.status).toBe(201);
    const replay = await agent.post('/api/thirdparty/signup/verify').query({ code: back!.code, state: back!.state }).expect(400);
    expect(replay.body.message).toBe(IntegrationMessages.stateInvalid);

    ctx.peers.setIdentity({ email: 'unsure@replay.test', emailVerified: false, firstName: 'Un', lastName: 'Sure' });
    const { finished: unverified } = await signUpWith('microsoft');
    expect(unverified!.status).toBe(400);
    expect(unverified!.body.message).toBe(IntegrationMessages.emailUnverified('Microsoft'));
    expect(await storedUser('unsure@replay.test')).toBeNull();
  });

  it('needs the code and the state', async () => {
    const res = await request(app).post('/api/thirdparty/signup/verify').query({ code: 'abc' }).expect(400);
    expect(res.body.message).toBe('state: is required');
    await request(app).post('/api/user/thirdparty/signup').send({ provider: 'myspace' }).expect(400);
    await request(app).post('/api/authComplete').query({ state: 'x'.repeat(20) }).expect(400);
  });
});
