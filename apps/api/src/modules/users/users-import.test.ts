import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import ExcelJS from 'exceljs';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { UserMessages } from '@hireflow/contracts/users';
import { startTestApp } from '../../test/test-app';
import { buildXlsxBomb } from '../../test/zip-bomb';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { Department } from '../org/department.model';
import { OutboxMail } from '../mail/outbox.model';
import { User } from './user.model';
import { JobWorker } from '../../lib/job-queue';
import { QueueJob } from '../../lib/job-queue.model';
import { backgroundJobs } from '../../background-jobs';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let companyA: Types.ObjectId;
const t: Record<string, string> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer({ name: 'Acme' }), buildCustomer({ name: 'Globex' })]);
  companyA = a._id;
  await Department.create({ customerId: a._id, name: 'Finance' });
  await Department.create({ customerId: b._id, name: 'Globex only' });
  await buildUser({ customerId: b._id, email: 'taken@globex.test' });
  t.adminA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, admin: true }));
  t.plainA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, role: 'employee' }));
});
afterAll(() => ctx.stop());

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const upload = (token: string, body: Buffer | string, type: string) =>
  request(app).post('/api/user/import').set('Authorization', `Bearer ${token}`).set('Content-Type', type).send(body);

async function workbook(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Users');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('POST /api/user/import', () => {
  it('401 without a token, 403 without manageUsers', async () => {
    expect((await request(app).post('/api/user/import').set('Content-Type', 'text/csv').send('a')).status).toBe(401);
    expect((await upload(t.plainA!, 'First name,Last name,Email\nA,B,a@b.test', 'text/csv')).status).toBe(403);
  });

  it('400 for an empty upload, an unreadable file and a missing header column', async () => {
    expect((await upload(t.adminA!, '', 'text/csv')).body.message).toMatch(/^Choose a file/);
    const noEmail = await upload(t.adminA!, 'First name,Last name\nA,B', 'text/csv');
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toMatch(/^The header row lacks: Email/);
    const garbage = await upload(t.adminA!, Buffer.from([0x50, 0x4b, 1, 2, 3]), xlsxType);
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toMatch(/could not be read/);
  });

  it('imports valid rows of a workbook, invites them, and reports each refused row with its reason', async () => {
    const file = await workbook([
      ['First name', 'Last name', 'Email', 'Role', 'Department', 'Additional roles'],
      ['Ann', 'Able', 'ann@acme.test', 'recruiter', 'finance', 'HM, AR'],
      ['Bob', 'Baker', 'not-an-email', 'employee', '', ''],
      ['Cid', 'Cole', 'taken@globex.test', 'employee', '', ''],
      ['Dee', 'Dunn', 'dee@acme.test', 'pilot', '', ''],
      ['Eve', 'Ewing', 'eve@acme.test', '', 'Globex only', ''],
      ['Fay', 'Fox', 'ANN@acme.test', '', '', ''],
      ['Gil', 'Gray', 'gil@acme.test', '', '', 'BOSS'],
      ['', '', '', '', '', ''],
      ['Hal', 'Hart', 'hal@acme.test', 'Employee', '', ''],
    ]);
    const res = await upload(t.adminA!, file, xlsxType);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.invitations).toBe(2);
    expect(res.body.refused).toEqual([
      { row: 3, email: 'not-an-email', reason: 'email: must be a valid email address' },
      { row: 4, email: 'taken@globex.test', reason: UserMessages.emailTaken },
      { row: 5, email: 'dee@acme.test', reason: 'role: must be recruiter or employee' },
      { row: 6, email: 'eve@acme.test', reason: 'Department "Globex only" does not exist' },
      { row: 7, email: 'ann@acme.test', reason: 'The same email is on row 2' },
      { row: 8, email: 'gil@acme.test', reason: 'Additional role "BOSS" is not one of HM, OPS, OPSE, AR' },
    ]);
    const ann = await User.findOne({ customerId: companyA, email: 'ann@acme.test' }).lean();
    expect(ann).toMatchObject({ role: 'recruiter', addlRoles: ['HM', 'AR'], status: 'active' });
    expect(ann?.department).not.toBeNull();
    expect(await User.exists({ customerId: companyA, email: 'hal@acme.test', role: 'employee' })).not.toBeNull();
    // Sent after the answer: they arrive in the dev mailbox shortly after.
    await vi.waitFor(async () => {
      for (const to of ['ann@acme.test', 'hal@acme.test']) expect((await request(app).get('/api/dev/outbox').query({ to })).body).toHaveLength(1);
    });
    const found = await request(app).post('/api/user').set('Authorization', `Bearer ${t.adminA}`).send({ filters: { search: 'ann' } });
    expect(found.body.cnt).toBe(1);
  });

  it('413 with the import limit for a file over 5 MB', async () => {
    const res = await upload(t.adminA!, Buffer.alloc(5 * 1024 * 1024 + 10, 0x41), 'text/csv');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file is larger than 5 MB; split it into smaller files.');
  });

  describe('zip bombs and oversized sheets', () => {
    const mb = 1024 * 1024;
    const bombMessage = /^The workbook unpacks to more than 32 MB, more than we accept/;
    const users = () => User.countDocuments({ customerId: companyA });

    it('refuses a small workbook that unpacks to 400 MB with a 413, before parsing it, and writes no one', async () => {
      const bomb = buildXlsxBomb({ fillBytes: 400 * mb });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const before = await users();
      const res = await upload(t.adminA!, bomb, xlsxType);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('payload_too_large');
      expect(res.body.message).toMatch(bombMessage);
      expect(await users()).toBe(before);
      expect(await User.exists({ customerId: companyA, email: 'bomb@acme.test' })).toBeNull();
    });

    it('refuses a workbook whose directory lies about its size, inflating no more than it declared', async () => {
      const before = await users();
      const res = await upload(t.adminA!, buildXlsxBomb({ fillBytes: 400 * mb, lie: true }), xlsxType);
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(bombMessage);
      expect(await users()).toBe(before);
    });

    it('still imports the same hand-built workbook when it is honest and small', async () => {
      const res = await upload(t.adminA!, buildXlsxBomb({ fillBytes: 4096 }), xlsxType);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 1, invitations: 1, refused: [] });
      expect(await User.exists({ customerId: companyA, email: 'bomb@acme.test' })).not.toBeNull();
    });

    it('stops at the row cap: a sheet of more than 2,000 users is refused and no one is written', async () => {
      const rows = [['First name', 'Last name', 'Email']];
      for (let i = 0; i <= 2000; i++) rows.push(['Row', `N${i}`, `row${i}@acme.test`]);
      const before = await users();
      const res = await upload(t.adminA!, await workbook(rows), xlsxType);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('A file may hold at most 2000 users; split it into smaller files.');
      expect(await users()).toBe(before);
    });
  });

  it('reads CSV files too (headers in any case, a BOM tolerated)', async () => {
    const csv = '\uFEFFfirst name,LAST NAME,email,employee code\nIvy,Irwin,ivy@acme.test,E-77\n';
    const res = await upload(t.adminA!, csv, 'text/csv');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 1, invitations: 1, refused: [] });
    expect(await User.exists({ customerId: companyA, email: 'ivy@acme.test', eCode: 'E-77' })).not.toBeNull();
    await vi.waitFor(async () => expect(await OutboxMail.countDocuments({ to: 'ivy@acme.test' })).toBe(1));
  });

  it('answers once the users are written; the invitations follow a few at a time (the queue concurrency), even when SMTP never answers', async () => {
    // An SMTP server that accepts connections and never says a word.
    const open = new Set<net.Socket>();
    let peak = 0;
    const silent = net.createServer((socket) => {
      open.add(socket);
      peak = Math.max(peak, open.size);
      socket.on('error', () => undefined);
      socket.on('close', () => open.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const smtpUrl = ctx.config.smtpUrl;
    Object.assign(ctx.config, { smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    try {
      const rows = Array.from({ length: 12 }, (_, i) => `Sam,Silent${i},sam.silent${i}@acme.test`);
      // Waiting on that server would hang for nodemailer's 30 s greeting time-out per mail; the bound only keeps a regression from hanging the suite.
      const res = await upload(t.adminA!, ['First name,Last name,Email', ...rows].join('\n'), 'text/csv').timeout(20_000);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 12, invitations: 12, refused: [] });
      expect(await User.countDocuments({ customerId: companyA, email: /^sam\.silent/ })).toBe(12);
      await vi.waitFor(() => expect(open.size).toBe(ctx.config.jobConcurrency));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(peak).toBe(ctx.config.jobConcurrency);
    } finally {
      Object.assign(ctx.config, { smtpUrl });
      for (const socket of open) socket.destroy();
      silent.close();
    }
  }, 40_000);
});

describe('import invitations in the job queue', () => {
  it('are queued before the answer, so an API that stops right after loses none: another instance sends them', async () => {
    await ctx.worker.stop({ graceMs: 0 });
    try {
      const rows = ['First name,Last name,Email', 'Rey,Restart,rey.restart@acme.test', 'Ora,Restart,ora.restart@acme.test'];
      const res = await upload(t.adminA!, rows.join('\n'), 'text/csv');
      expect(res.body).toEqual({ created: 2, invitations: 2, refused: [] });
      // This "instance" stopped: nothing was sent, and both invitations wait in the queue.
      expect(await OutboxMail.countDocuments({ to: /restart/ })).toBe(0);
      const ids = (await User.find({ customerId: companyA, email: /restart/ }, { _id: 1 }).lean()).map((u) => String(u._id));
      const invitations = { name: 'users.invite', 'payload.userId': { $in: ids } };
      expect(await QueueJob.countDocuments({ ...invitations, state: 'queued' })).toBe(2);

      const other = new JobWorker({ definitions: backgroundJobs, config: ctx.config, logger: ctx.logger, owner: 'another-instance' });
      await other.drain();
      for (const to of ['rey.restart@acme.test', 'ora.restart@acme.test']) {
        const mails = (await request(app).get('/api/dev/outbox').query({ to })).body as { subject: string }[];
        expect(mails).toHaveLength(1);
      }
      expect(await QueueJob.countDocuments({ ...invitations, state: 'done', 'result.delivered': true })).toBe(2);
    } finally {
      ctx.worker.start();
    }
  });

  it('skip a user who set a password before the invitation went out', async () => {
    await ctx.worker.stop({ graceMs: 0 });
    try {
      const res = await upload(t.adminA!, 'First name,Last name,Email\nQuin,Quick,quin@acme.test', 'text/csv');
      expect(res.body.created).toBe(1);
      await User.updateOne({ customerId: companyA, email: 'quin@acme.test' }, { $set: { 'emailVerification.status': true } });
      await new JobWorker({ definitions: backgroundJobs, config: ctx.config, logger: ctx.logger }).drain();
      expect(await OutboxMail.countDocuments({ to: 'quin@acme.test' })).toBe(0);
    } finally {
      ctx.worker.start();
    }
  });
});
