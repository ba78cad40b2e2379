import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationMessages } from '@hireflow/contracts/integrations';
import { sendMail } from '../../../lib/mailer';
import { openSecret, sealSecret } from '../../../lib/secret-box';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { OutboxMail } from '../../mail/outbox.model';
import { User } from '../../users/user.model';
import { IntegrationConnection } from '../connections/connection.model';
import { runOAuthRoundTrip, startAppWithPeers } from '../integrations.test-support';

let ctx: Awaited<ReturnType<typeof startAppWithPeers>>;
let companyA: Awaited<ReturnType<typeof buildCustomer>>;
let companyB: Awaited<ReturnType<typeof buildCustomer>>;
let adminA: Awaited<ReturnType<typeof buildUser>>;
let adminAuth: string;

beforeAll(async () => {
  ctx = await startAppWithPeers();
  companyA = await buildCustomer();
  companyB = await buildCustomer();
  adminA = await buildUser({ customerId: companyA._id, admin: true });
  adminAuth = `Bearer ${await tokenFor(ctx.config, adminA)}`;
});
afterAll(async () => ctx?.stop());

let n = 0;
async function recruiterOf(customerId: Types.ObjectId) {
  n += 1;
  const user = await buildUser({ customerId, email: `rec${n}.${Date.now()}@mail.test`, firstName: 'Rita', lastName: `Recruiter${n}` });
  return { user, auth: `Bearer ${await tokenFor(ctx.config, user)}` };
}

/** A mailbox connect round trip as the browser makes it: Connect on My integrations, the provider, /gmailAuth or /outlookauth. */
function connect(auth: string, body: object, query: Record<string, string> = {}) {
  return runOAuthRoundTrip(ctx.app, ctx.peers, {
    start: { method: 'post', path: '/api/integrations/connect', body },
    finish: () => ({ method: 'get', path: '/api/emailSendAuth', query }),
    auth,
  });
}

const ctxMail = () => ({ config: ctx.config, logger: ctx.logger });
const mailTo = (to: string, sendAs: { customerId: string; userId?: string; sharedEmail?: string }, subject = 'Your application at Acme') =>
  ({ to, subject, text: 'Hello from Rita', html: '<p>Hello from Rita</p>', kind: 'candidate-mail', sendAs });

function decodedMime(provider: 'google' | 'microsoft') {
  const peer = provider === 'google' ? ctx.peers.googleApi : ctx.peers.graph;
  const sent = peer.requests.filter((r) => r.path.endsWith(provider === 'google' ? '/messages/send' : '/sendMail')).at(-1)!;
  const mime = provider === 'google'
    ? Buffer.from((sent.json as { raw: string }).raw, 'base64url').toString('utf8')
    : Buffer.from(sent.body, 'base64').toString('utf8');
  return { sent, mime };
}

describe.each(['google', 'microsoft'] as const)('a user connects their %s mailbox', (provider) => {
  it('connects, the check answers true with the account, and their mail goes out through the provider (not SMTP)', async () => {
    const { user, auth } = await recruiterOf(companyA._id);
    const before = await request(ctx.app).get(`/api/checkUserEmailAuthorised/${String(user._id)}`).set('Authorization', auth);
    expect(before.body).toEqual({ authenticated: false, provider: null, account: null, status: null });

    const { finished } = await connect(auth, { service: 'mailbox', provider, returnTo: '/user-preferences/myintegrations' });
    expect(finished!.status).toBe(200);
    expect(finished!.body.connection).toMatchObject({ service: 'mailbox', owner: 'user', provider, account: user.email, status: 'connected' });
    expect(finished!.body.returnTo).toBe('/user-preferences/myintegrations');
    expect(JSON.stringify(finished!.body)).not.toMatch(/token/i);

    const check = await request(ctx.app).get(`/api/checkUserEmailAuthorised/${String(user._id)}`).set('Authorization', adminAuth);
    expect(check.body).toEqual({ authenticated: true, provider, account: user.email, status: 'connected' });
    const mine = await request(ctx.app).get('/api/integrations/mine').set('Authorization', auth);
    expect(mine.body.connections.map((c: { account: string }) => c.account)).toEqual([user.email]);

    const to = `cand-${provider}-${n}@people.test`;
    const outcome = await sendMail(ctxMail(), { ...mailTo(to, { customerId: String(companyA._id), userId: String(user._id) }), calendar: { method: 'REQUEST', content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR' } });
    expect(outcome.delivered).toBe(true);
    const { sent, mime } = decodedMime(provider);
    expect(sent.account).toBe(user.email);
    expect(mime).toMatch(new RegExp(`^From: Rita Recruiter\\d+ <${user.email.replace(/\./g, '\\.')}>`, 'm'));
    expect(mime).toMatch(new RegExp(`^To: ${to}`, 'm'));
    expect(mime).toMatch(/^Subject: Your application at Acme/m);
    expect(mime).toContain('text/calendar');
    expect(await OutboxMail.countDocuments({ to })).toBe(0);
  });
});

describe('sending through a connected Gmail', () => {
  it('refreshes an expired access token (a refresh_token grant) and stores the new one sealed, never in clear', async () => {
    const { user, auth } = await recruiterOf(companyA._id);
    await connect(auth, { service: 'mailbox', provider: 'google' });
    const row = (await IntegrationConnection.findOne({ customerId: companyA._id, userId: user._id }).lean())!;
    const secret = openSecret<{ accessToken: string; refreshToken: string; expiresAt: number }>(ctx.config.tokenKey, row.secret, String(row._id));
    await IntegrationConnection.updateOne({ customerId: companyA._id, _id: row._id }, { $set: { secret: sealSecret(ctx.config.tokenKey, { ...secret, expiresAt: Date.now() - 1000 }, String(row._id)) } });
    const refreshesBefore = ctx.peers.google.tokenRequests.filter((r) => r.grantType === 'refresh_token').length;

    const to = `cand-refresh-${n}@people.test`;
    expect((await sendMail(ctxMail(), mailTo(to, { customerId: String(companyA._id), userId: String(user._id) }))).delivered).toBe(true);
    expect(ctx.peers.google.tokenRequests.filter((r) => r.grantType === 'refresh_token').length).toBe(refreshesBefore + 1);
    expect(decodedMime('google').mime).toMatch(new RegExp(`^To: ${to}`, 'm'));

    const raw = (await mongoose.connection.collection('integrationconnections').findOne({ _id: row._id }))!;
    const refreshed = openSecret<{ accessToken: string; refreshToken: string; expiresAt: number }>(ctx.config.tokenKey, raw.secret as string, String(row._id));
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now());
    const stored = JSON.stringify(raw);
    expect(stored).not.toContain(refreshed.accessToken);
    expect(stored).not.toContain(refreshed.refreshToken);
    expect(stored).not.toContain(secret.accessToken);
  });

  it('a revoked permission: the mail goes out through SMTP (the dev outbox), the connection is expired and the user sees the warning', async () => {
    const { user, auth } = await recruiterOf(companyA._id);
    await connect(auth, { service: 'mailbox', provider: 'google' });
    ctx.peers.googleApi.rejectTokensOf(user.email);
    ctx.peers.google.failNextToken('invalid_grant');

    const to = `cand-revoked-${n}@people.test`;
    expect((await sendMail(ctxMail(), mailTo(to, { customerId: String(companyA._id), userId: String(user._id) }))).delivered).toBe(true);
    const fallback = await OutboxMail.findOne({ to }).lean();
    expect(fallback?.subject).toBe('Your application at Acme');

    const mine = await request(ctx.app).get('/api/integrations/mine').set('Authorization', auth);
    expect(mine.body.connections[0]).toMatchObject({ status: 'expired', lastError: expect.stringContaining('Google no longer accepts') });
    expect(mine.body.warnings).toEqual([expect.objectContaining({ label: 'Gmail', message: IntegrationMessages.fallbackWarning('Gmail') })]);
    const check = await request(ctx.app).get(`/api/checkUserEmailAuthorised/${String(user._id)}`).set('Authorization', auth);
    expect(check.body).toMatchObject({ authenticated: false, status: 'expired' });

    // Another user cannot dismiss it; the owner can (the connection stays expired), and reconnecting fixes it.
    const other = await recruiterOf(companyA._id);
    const warningId = mine.body.warnings[0].connectionId as string;
    expect((await request(ctx.app).post(`/api/integrations/warnings/${warningId}/dismiss`).set('Authorization', other.auth)).status).toBe(404);
    expect((await request(ctx.app).post(`/api/integrations/warnings/${warningId}/dismiss`).set('Authorization', auth)).status).toBe(200);
    const dismissed = await request(ctx.app).get('/api/integrations/mine').set('Authorization', auth);
    expect(dismissed.body.warnings).toEqual([]);
    expect(dismissed.body.connections[0].status).toBe('expired');
    await sendMail(ctxMail(), mailTo(`${to}.again`, { customerId: String(companyA._id), userId: String(user._id) }));
    expect((await request(ctx.app).get('/api/integrations/mine').set('Authorization', auth)).body.warnings).toHaveLength(1);

    ctx.peers.googleApi.acceptTokensOf(user.email);
    await connect(auth, { service: 'mailbox', provider: 'google' });
    const again = await request(ctx.app).get('/api/integrations/mine').set('Authorization', auth);
    expect(again.body.warnings).toEqual([]);
    expect(again.body.connections[0].status).toBe('connected');
  });

  it('a passing outage (5xx) is not a fallback: the mail stays queued for a retry, nothing lands in the outbox', async () => {
    const { user, auth } = await recruiterOf(companyA._id);
    await connect(auth, { service: 'mailbox', provider: 'google' });
    ctx.peers.googleApi.failNextWith(503);
    const to = `cand-outage-${n}@people.test`;
    const outcome = await sendMail(ctxMail(), mailTo(to, { customerId: String(companyA._id), userId: String(user._id) }));
    expect(outcome.delivered).toBe(false);
    // What the queue keeps (and logs) names the answer, never the request with its bearer token.
    expect(outcome.error).toContain('Gmail answered 503');
    expect(outcome.error).not.toMatch(/Bearer|ey[A-Za-z0-9_-]{20,}/);
    expect(await OutboxMail.countDocuments({ to })).toBe(0);
    const row = await IntegrationConnection.findOne({ customerId: companyA._id, userId: user._id }).lean();
    expect(row).toMatchObject({ status: 'connected', fallbackAt: null });
  });

  it('without a connection, with a context that holds no token key, or from a deactivated user, mail goes through SMTP as before', async () => {
    const { user } = await recruiterOf(companyA._id);
    const to = `cand-plain-${n}@people.test`;
    expect((await sendMail(ctxMail(), mailTo(to, { customerId: String(companyA._id), userId: String(user._id) }))).delivered).toBe(true);
    expect(await OutboxMail.countDocuments({ to })).toBe(1);

    const connected = await recruiterOf(companyA._id);
    await connect(connected.auth, { service: 'mailbox', provider: 'google' });
    const partial = { config: { smtpUrl: ctx.config.smtpUrl, mailFrom: ctx.config.mailFrom }, logger: ctx.logger };
    const to2 = `cand-partial-${n}@people.test`;
    expect((await sendMail(partial, mailTo(to2, { customerId: String(companyA._id), userId: String(connected.user._id) }))).delivered).toBe(true);
    expect(await OutboxMail.countDocuments({ to: to2 })).toBe(1);

    // A deactivated user's mailbox no longer sends for the company.
    await User.updateOne({ customerId: companyA._id, _id: connected.user._id }, { $set: { status: 'inactive' } });
    const to3 = `cand-left-${n}@people.test`;
    expect((await sendMail(ctxMail(), mailTo(to3, { customerId: String(companyA._id), userId: String(connected.user._id) }))).delivered).toBe(true);
    expect(await OutboxMail.countDocuments({ to: to3 })).toBe(1);
  });
});

describe('sending through a connected Outlook', () => {
  it('a revoked permission (Graph answers 401, the refresh is refused): SMTP takes the mail and the user is warned', async () => {
    const { user, auth } = await recruiterOf(companyA._id);
    await connect(auth, { service: 'mailbox', provider: 'microsoft' });
    ctx.peers.graph.rejectTokensOf(user.email);
    ctx.peers.microsoft.failNextToken('invalid_grant');

    const to = `cand-outlook-revoked-${n}@people.test`;
    expect((await sendMail(ctxMail(), mailTo(to, { customerId: String(companyA._id), userId: String(user._id) }))).delivered).toBe(true);
    expect(await OutboxMail.countDocuments({ to })).toBe(1);
    const mine = await request(ctx.app).get('/api/integrations/mine').set('Authorization', auth);
    expect(mine.body.connections[0]).toMatchObject({ provider: 'microsoft', status: 'expired', lastError: expect.any(String) });
    expect(mine.body.warnings).toEqual([expect.objectContaining({ label: 'Outlook mail', message: IntegrationMessages.fallbackWarning('Outlook mail') })]);
  });
});

describe('the callback trusts only the flow', () => {
  it('refuses a flow started by another user (same browser), and query parameters that contradict the flow', async () => {
    const a = await recruiterOf(companyA._id);
    const b = await recruiterOf(companyA._id);
    const agent = request.agent(ctx.app);
    const started = await agent.post('/api/integrations/connect').set('Authorization', a.auth).send({ service: 'mailbox', provider: 'google' });
    const back = await ctx.peers.authorize(started.body.url);
    const hijack = await agent.get('/api/emailSendAuth').set('Authorization', b.auth).query({ code: back.code, state: back.state });
    expect(hijack.status).toBe(400);
    expect(hijack.body.message).toBe(IntegrationMessages.stateInvalid);

    const contradicted = await connect(a.auth, { service: 'mailbox', provider: 'google' }, { recruiterId: String(b.user._id) });
    expect(contradicted.finished!.status).toBe(400);
    const otherAddress = await connect(a.auth, { service: 'mailbox', provider: 'google' }, { email: 'careers@elsewhere.test', dbCampaign: 'true' });
    expect(otherAddress.finished!.status).toBe(400);
    expect(await IntegrationConnection.countDocuments({ customerId: companyA._id, userId: { $in: [a.user._id, b.user._id] } })).toBe(0);
  });
});

describe('a shared sending address', () => {
  const careers = () => `careers@${companyA.domains[0]}`;

  it('only an admin connects it; the signed-in account must be that address', async () => {
    const { auth } = await recruiterOf(companyA._id);
    const refused = await request(ctx.app).post('/api/integrations/connect').set('Authorization', auth).send({ service: 'shared-mailbox', provider: 'google', email: careers() });
    expect(refused.status).toBe(403);

    ctx.peers.google.onceIdToken((claims) => {
      claims.email = 'someone.else@gmail.test';
    });
    const wrong = await connect(adminAuth, { service: 'shared-mailbox', provider: 'google', email: careers() });
    expect(wrong.finished!.status).toBe(400);
    expect(wrong.finished!.body.message).toBe(IntegrationMessages.wrongSharedAccount(careers()));
    expect(await IntegrationConnection.countDocuments({ customerId: companyA._id, owner: 'shared' })).toBe(0);

    const { finished } = await connect(adminAuth, { service: 'shared-mailbox', provider: 'google', email: careers() }, { dbCampaign: 'true', email: careers() });
    expect(finished!.status).toBe(200);
    expect(finished!.body.connection).toMatchObject({ owner: 'shared', sharedEmail: careers(), account: careers() });
    const check = await request(ctx.app).get(`/api/checkCustomEmailAuthorised/${encodeURIComponent(careers().toUpperCase())}`).set('Authorization', auth);
    expect(check.body).toEqual({ authenticated: true, provider: 'google', account: careers(), status: 'connected' });

    const to = `cand-shared-${n}@people.test`;
    expect((await sendMail(ctxMail(), mailTo(to, { customerId: String(companyA._id), sharedEmail: careers() }, 'Join us'))).delivered).toBe(true);
    const { sent, mime } = decodedMime('google');
    expect(sent.account).toBe(careers());
    expect(mime).toMatch(new RegExp(`^From: ${careers()}`, 'm'));
    expect(await OutboxMail.countDocuments({ to })).toBe(0);
  });
});

describe('tenant isolation and disconnecting', () => {
  it('a user of another company can neither check nor disconnect; disconnecting revokes at Google and deletes the row', async () => {
    const { user, auth } = await recruiterOf(companyA._id);
    const { finished } = await connect(auth, { service: 'mailbox', provider: 'google' });
    const id = finished!.body.connection.id as string;
    const outsider = await recruiterOf(companyB._id);
    const outsiderAdmin = await buildUser({ customerId: companyB._id, admin: true });
    const outsiderAdminAuth = `Bearer ${await tokenFor(ctx.config, outsiderAdmin)}`;

    expect((await request(ctx.app).get(`/api/checkUserEmailAuthorised/${String(user._id)}`).set('Authorization', outsider.auth)).status).toBe(404);
    expect((await request(ctx.app).get('/api/checkUserEmailAuthorised/not-an-id').set('Authorization', outsider.auth)).status).toBe(404);
    const shared = await request(ctx.app).get(`/api/checkCustomEmailAuthorised/${encodeURIComponent(`careers@${companyA.domains[0]}`)}`).set('Authorization', outsider.auth);
    expect(shared.body.authenticated).toBe(false);
    expect((await request(ctx.app).delete(`/api/integrations/connections/${id}`).set('Authorization', outsiderAdminAuth)).status).toBe(404);
    // A mail claiming company B's name cannot use company A's mailbox.
    const to = `cand-cross-${n}@people.test`;
    await sendMail(ctxMail(), mailTo(to, { customerId: String(companyB._id), userId: String(user._id) }));
    expect(await OutboxMail.countDocuments({ to })).toBe(1);

    const revokesBefore = ctx.peers.google.revokeRequests.length;
    const gone = await request(ctx.app).delete(`/api/integrations/connections/${id}`).set('Authorization', auth);
    expect(gone.status).toBe(200);
    expect(gone.body.revoked).toBe(true);
    expect(ctx.peers.google.revokeRequests.length).toBe(revokesBefore + 1);
    expect(await IntegrationConnection.countDocuments({ customerId: companyA._id, _id: new Types.ObjectId(id) })).toBe(0);
    const check = await request(ctx.app).get(`/api/checkUserEmailAuthorised/${String(user._id)}`).set('Authorization', auth);
    expect(check.body.authenticated).toBe(false);
  });
});
