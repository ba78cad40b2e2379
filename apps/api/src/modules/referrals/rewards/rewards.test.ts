import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import ExcelJS from 'exceljs';
import { RewardMessages, ZReward, ZRewardList } from '@hireflow/contracts/referral-rewards';
import { startTestApp } from '../../../test/test-app';
import { OutboxMail } from '../../mail/outbox.model';
import { ReferralReward } from '../referral-reward.model';
import { buildRewardCompany, type RewardCompany } from './rewards.test-support';
import { binaryBody } from '../../../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const api = (auth: string) => ({
  get: (path: string) => request(app).get(path).set('Authorization', auth),
  post: (path: string, body: object = {}) => request(app).post(path).set('Authorization', auth).send(body),
});

/** A company whose two referrals were hired (through the pipeline), with their rewards set to `statuses`. */
async function hiredCompany(statuses: string[] = ['pending', 'pending']) {
  const rc = await buildRewardCompany(app, ctx.config);
  const ids: string[] = [];
  for (const [i, applicationId] of rc.referralApplicationIds.entries()) {
    const moved = await api(rc.co.recruiter.auth).post(`/api/applications/${applicationId}/move`, { stageId: rc.stage('hired') });
    if (moved.status !== 200) throw new Error(`move: ${moved.status}`);
    const reward = await ReferralReward.findOneAndUpdate({ customerId: rc.co.customerId, applicationId }, { $set: { status: statuses[i] } }, { returnDocument: 'after' }).lean();
    ids.push(String(reward!._id));
  }
  return { rc, ids };
}
const statusOf = async (rc: RewardCompany, id: string) => (await ReferralReward.findOne({ customerId: rc.co.customerId, _id: id }).lean())!.status;

describe('GET /api/referral-rewards', () => {
  it('admins see every reward with totals per status and currency; a referrer sees only their own; others none', async () => {
    const { rc, ids } = await hiredCompany(['payable', 'pending']);
    const all = await api(rc.co.admin.auth).get('/api/referral-rewards').expect(200);
    expect(ZRewardList.safeParse(all.body).success).toBe(true);
    expect(all.body).toMatchObject({ total: 2, page: 1, pageSize: 25, totals: { payable: ['EUR 1,000.00'], pending: ['EUR 1,000.00'] } });
    const payable = all.body.items.find((r: { id: string }) => r.id === ids[0]);
    expect(payable).toMatchObject({ referrer: { id: rc.referrer.id }, candidateName: 'Friend0 Doe', job: { id: String(rc.job._id), name: 'Backend Engineer' }, amount: '1000.00', currency: 'EUR', display: 'EUR 1,000.00', status: 'payable', can: { approve: true, pay: false, forfeit: true } });
    const filtered = await api(rc.co.admin.auth).get('/api/referral-rewards?status=pending').expect(200);
    expect(filtered.body.items.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    expect(filtered.body.totals).toEqual({ pending: ['EUR 1,000.00'] });
    const byReferrer = await api(rc.co.admin.auth).get(`/api/referral-rewards?referrerId=${rc.co.employee.id}`).expect(200);
    expect(byReferrer.body.total).toBe(0);

    const own = await api(rc.referrer.auth).get('/api/referral-rewards').expect(200);
    expect(own.body.total).toBe(2);
    expect(own.body.items.every((r: { can: object }) => JSON.stringify(r.can) === JSON.stringify({ approve: false, pay: false, forfeit: false }))).toBe(true);
    // Another employee asking for the referrer's rewards gets only their own: none.
    const other = await api(rc.co.employee.auth).get(`/api/referral-rewards?referrerId=${rc.referrer.id}`).expect(200);
    expect(other.body).toMatchObject({ items: [], total: 0, totals: {} });

    expect((await api(rc.co.admin.auth).get('/api/referral-rewards?status=lost')).status).toBe(400);
  });

  it('pages in the database, newest first', async () => {
    const { rc, ids } = await hiredCompany();
    const first = await api(rc.co.admin.auth).get('/api/referral-rewards?page=1').expect(200);
    expect(first.body.items.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    const second = await api(rc.co.admin.auth).get('/api/referral-rewards?page=2').expect(200);
    expect(second.body).toMatchObject({ items: [], total: 2, page: 2 });
  });
});

describe('GET /api/referral-rewards/:id', () => {
  it('shows a reward to its referrer and admins; to anyone else 404', async () => {
    const { rc, ids } = await hiredCompany();
    expect((await api(rc.referrer.auth).get(`/api/referral-rewards/${ids[0]}`).expect(200)).body).toMatchObject({ id: ids[0], status: 'pending', can: { approve: false } });
    expect((await api(rc.co.admin.auth).get(`/api/referral-rewards/${ids[0]}`).expect(200)).body.can).toEqual({ approve: false, pay: false, forfeit: true });
    const other = await api(rc.co.employee.auth).get(`/api/referral-rewards/${ids[0]}`);
    expect(other.status).toBe(404);
  });
});

describe('approve, pay and forfeit', () => {
  it('only admins act: approve a payable reward, then pay it; the referrer is told it was paid', async () => {
    const { rc, ids } = await hiredCompany(['payable', 'pending']);
    const [payable, pending] = ids as [string, string];
    const refused = await api(rc.referrer.auth).post(`/api/referral-rewards/${payable}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(RewardMessages.onlyAdmins);

    const early = await api(rc.co.admin.auth).post(`/api/referral-rewards/${pending}/approve`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(RewardMessages.notPayableYet);
    const unapproved = await api(rc.co.admin.auth).post(`/api/referral-rewards/${payable}/pay`);
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.message).toBe(RewardMessages.notApproved);

    const approved = await api(rc.co.admin.auth).post(`/api/referral-rewards/${payable}/approve`).expect(200);
    expect(ZReward.safeParse(approved.body).success).toBe(true);
    expect(approved.body).toMatchObject({ status: 'approved', approvedBy: { id: rc.co.admin.id }, can: { approve: false, pay: true, forfeit: false } });
    expect(approved.body.approvedAt).toEqual(expect.any(String));
    expect((await api(rc.co.admin.auth).post(`/api/referral-rewards/${payable}/approve`)).body.message).toBe(RewardMessages.alreadyApproved);
    const notForfeitable = await api(rc.co.admin.auth).post(`/api/referral-rewards/${payable}/forfeit`, { reason: 'Left' });
    expect(notForfeitable.status).toBe(409);
    expect(notForfeitable.body.message).toBe(RewardMessages.approvedNotForfeitable);

    const paid = await api(rc.co.admin.auth).post(`/api/referral-rewards/${payable}/pay`).expect(200);
    expect(paid.body).toMatchObject({ status: 'paid', paidBy: { id: rc.co.admin.id }, can: { approve: false, pay: false, forfeit: false } });
    const mail = await OutboxMail.findOne({ to: rc.referrer.user.email, subject: 'Your referral reward for Friend0 Doe was paid' }).lean();
    expect(mail!.text).toContain('Your reward of EUR 1,000.00 for referring Friend0 Doe (Backend Engineer) was marked paid.');
  });

  it('two pay calls at once pay once: exactly one 200, the other 409', async () => {
    const { rc, ids } = await hiredCompany(['approved', 'pending']);
    const [a, b] = await Promise.all([api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[0]}/pay`), api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[0]}/pay`)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe(RewardMessages.alreadyClosed);
    expect(await statusOf(rc, ids[0]!)).toBe('paid');
    expect(await OutboxMail.countDocuments({ to: rc.referrer.user.email, subject: { $regex: 'was paid$' } })).toBe(1);
  });

  it('forfeits a pending or payable reward with a reason, and tells the referrer', async () => {
    const { rc, ids } = await hiredCompany(['pending', 'payable']);
    const blank = await api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[0]}/forfeit`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain('Say why the reward is forfeited');
    const forfeited = await api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[0]}/forfeit`, { reason: 'Left in the first month' }).expect(200);
    expect(forfeited.body).toMatchObject({ status: 'forfeited', forfeitReason: 'Left in the first month', forfeitedBy: { id: rc.co.admin.id } });
    await api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[1]}/forfeit`, { reason: 'Never started' }).expect(200);
    const again = await api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[1]}/forfeit`, { reason: 'Never started' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RewardMessages.alreadyClosed);
    const mail = await OutboxMail.findOne({ to: rc.referrer.user.email, subject: 'Your referral reward for Friend0 Doe was forfeited' }).lean();
    expect(mail!.text).toContain('Reason: Left in the first month');
  });
});

describe('tenant isolation', () => {
  it("another company's admin neither sees nor acts on the rewards: 404", async () => {
    const { rc, ids } = await hiredCompany(['payable', 'approved']);
    const other = await buildRewardCompany(app, ctx.config, { referred: 0 });
    const b = api(other.co.admin.auth);
    expect((await b.get('/api/referral-rewards').expect(200)).body.total).toBe(0);
    expect((await b.get(`/api/referral-rewards/${ids[0]}`)).status).toBe(404);
    expect((await b.post(`/api/referral-rewards/${ids[0]}/approve`)).status).toBe(404);
    expect((await b.post(`/api/referral-rewards/${ids[1]}/pay`)).status).toBe(404);
    expect((await b.post(`/api/referral-rewards/${ids[0]}/forfeit`, { reason: 'x' })).status).toBe(404);
    expect([await statusOf(rc, ids[0]!), await statusOf(rc, ids[1]!)]).toEqual(['payable', 'approved']);
  });
});

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}
const binary = (req: request.Test) => req.buffer(true).parse(binaryBody);

describe('GET /api/referral-rewards/export.xlsx', () => {
  it('gives admins the list as an Excel file, with the same status filter; others 403', async () => {
    const { rc, ids } = await hiredCompany(['approved', 'payable']);
    await api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[0]}/pay`).expect(200);
    await api(rc.co.admin.auth).post(`/api/referral-rewards/${ids[1]}/forfeit`, { reason: 'Left before the end of probation' }).expect(200);

    const res = await binary(api(rc.co.admin.auth).get('/api/referral-rewards/export.xlsx')).expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="referral-rewards-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const { name, rows } = await readWorkbook(res.body as Buffer);
    expect(name).toBe('Referral rewards');
    expect(rows[0]).toEqual(['Referrer', 'Referrer email', 'Candidate', 'Job', 'Amount', 'Currency', 'Status', 'Hired', 'Start date', 'Payable on', 'Approved', 'Approved by', 'Paid', 'Paid by', 'Forfeited', 'Forfeited by', 'Forfeit reason']);
    expect(rows).toHaveLength(3);
    const adminName = `${rc.co.admin.user.firstName} ${rc.co.admin.user.lastName}`;
    const referrerName = `${rc.referrer.user.firstName} ${rc.referrer.user.lastName}`;
    const paid = rows.find((r) => r[2] === 'Friend0 Doe')!;
    expect(paid.slice(0, 7)).toEqual([referrerName, rc.referrer.user.email, 'Friend0 Doe', 'Backend Engineer', 1000, 'EUR', 'Paid']);
    expect(paid[7]).toBeInstanceOf(Date);
    expect(paid[13]).toBe(adminName);
    const forfeited = rows.find((r) => r[2] === 'Friend1 Doe')!;
    expect(forfeited[6]).toBe('Forfeited');
    expect(forfeited[15]).toBe(adminName);
    expect(forfeited[16]).toBe('Left before the end of probation');

    const onlyPaid = await binary(api(rc.co.admin.auth).get('/api/referral-rewards/export.xlsx?status=paid')).expect(200);
    expect((await readWorkbook(onlyPaid.body as Buffer)).rows.map((r) => r[2])).toEqual(['Candidate', 'Friend0 Doe']);

    const refused = await api(rc.referrer.auth).get('/api/referral-rewards/export.xlsx');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(RewardMessages.onlyAdmins);
  });
});
