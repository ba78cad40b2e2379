import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { pino } from 'pino';
import { ZOutboxResponse } from '@hireflow/contracts/auth';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser } from '../../test/factories';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { sendMail } from '../../lib/mailer';
import { OutboxMail } from './outbox.model';

let app: Express;
let config: Config;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, config, stop } = await startTestApp({ RATE_LIMIT_DISABLED: 'true' }));
});
afterAll(async () => stop());

const silent = pino({ level: 'silent' });

describe('GET /api/dev/outbox', () => {
  it('lists the mails to one address, newest first, with to, subject, text, html and sentAt', async () => {
    const to = 'reader@example.test';
    await sendMail({ config, logger: silent }, { to, subject: 'First', text: 'one', html: '<p>one</p>', kind: 'test' });
    await OutboxMail.updateOne({ subject: 'First' }, { $set: { sentAt: new Date(Date.now() - 60_000) } });
    await sendMail({ config, logger: silent }, { to, subject: 'Second', text: 'two', html: '<p>two</p>', kind: 'test' });
    await sendMail({ config, logger: silent }, { to: 'other@example.test', subject: 'Elsewhere', text: 'x', html: 'x', kind: 'test' });

    const res = await request(app).get('/api/dev/outbox').query({ to: 'Reader@Example.test' }).expect(200);
    const mails = ZOutboxResponse.parse(res.body);
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(mails[0]).toEqual({ to, subject: 'Second', text: 'two', html: '<p>two</p>', sentAt: expect.any(String) });
    expect(Object.keys(res.body[0]).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to']);

    const all = await request(app).get('/api/dev/outbox').expect(200);
    expect(all.body.map((m: { subject: string }) => m.subject)).toContain('Elsewhere');
  });

  /**
   * The app behind a real socket whose peer address is rewritten before express sees it: what a
   * request from another machine on the network looks like to the server.
   */
  async function fromAddress(remoteAddress: string, run: (server: Server) => Promise<void>) {
    const server = createServer((req, res) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: remoteAddress, configurable: true });
      app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      await run(server);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('answers 404 to a client on another machine, whatever X-Forwarded-For claims', async () => {
    await sendMail({ config, logger: silent }, { to: 'victim@example.test', subject: 'Your code', text: '123456', html: '123456', kind: 'test' });
    for (const address of ['192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1']) {
      await fromAddress(address, async (server) => {
        const res = await request(server).get('/api/dev/outbox').query({ to: 'victim@example.test' }).set('X-Forwarded-For', '127.0.0.1').expect(404);
        expect(res.body.code).toBe('not_found');
        expect(JSON.stringify(res.body)).not.toContain('123456');
      });
    }
  });

  it('answers 404 when a local proxy relays a request from another machine', async () => {
    const res = await request(app).get('/api/dev/outbox').set('X-Forwarded-For', '203.0.113.9').expect(404);
    expect(res.body.code).toBe('not_found');
    await request(app).get('/api/dev/outbox').set('Forwarded', 'for="[2001:db8::2]"').expect(404);
  });

  it('answers a client on this machine over IPv4, IPv6 and IPv4-mapped loopback', async () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      await fromAddress(address, async (server) => {
        const res = await request(server).get('/api/dev/outbox').query({ to: 'victim@example.test' }).expect(200);
        expect(res.body[0].text).toBe('123456');
      });
    }
  });

  it('refuses a malformed address', async () => {
    const res = await request(app).get('/api/dev/outbox').query({ to: 'nope' }).expect(400);
    expect(res.body.message).toBe('to: must be a valid email address');
  });
});

describe('NODE_ENV=production: SMTP delivery, no dev mailbox', () => {
  let smtp: SMTPServer;
  const received: { from: string; to: string[]; data: string }[] = [];
  let smtpUrl = '';

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

  function productionApp() {
    const prod = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: config.jwtSecret,
      SMTP_URL: smtpUrl,
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      MAIL_FROM: 'Hireflow <no-reply@ats.example.test>',
      PUBLIC_URL: 'https://ats.example.test',
      LOG_LEVEL: 'silent',
    });
    return buildApp({ config: prod, logger: silent });
  }

  it('refuses to start without SMTP_URL or with a captcha test text', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: config.jwtSecret })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: config.jwtSecret, SMTP_URL: smtpUrl, CAPTCHA_TEST_TEXT: 'x' })).toThrow(/CAPTCHA_TEST_TEXT/);
  });

  it('sends the OTP mail over SMTP, stores nothing in the outbox, and the code signs in', async () => {
    const prod = productionApp();
    const user = await buildUser({ customerId: (await buildCustomer())._id });
    const before = await OutboxMail.countDocuments();
    await request(prod).post('/api/login/sendOTP').send({ email: user.email }).expect(200);

    const mail = received.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@ats.example.test');
    expect(mail!.data).toMatch(/Subject: Your Hireflow sign-in code/);
    expect(await OutboxMail.countDocuments()).toBe(before);

    const code = mail!.data.match(/sign-in code is (\d{6})/)![1]!;
    const res = await request(prod).post('/api/login/otp').send({ email: user.email, otp: code }).expect(200);
    expect(res.body.user.id).toBe(String(user._id));
  });

  it('has no dev mailbox', async () => {
    const res = await request(productionApp()).get('/api/dev/outbox').expect(404);
    expect(res.body.code).toBe('not_found');
  });
});
