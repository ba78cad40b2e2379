import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { pino } from 'pino';
import { startTestApp } from '../test/test-app';
import { OutboxMail } from '../modules/mail/outbox.model';
import type { Config } from '../config';
import { JobWorker, findJob } from './job-queue';
import { QueueJob } from './job-queue.model';
import { MailJob, queueMail, sendMail } from './mailer';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let smtp: SMTPServer;
let smtpConfig: Config;
/** How many more messages the SMTP server refuses with a temporary error before it accepts. */
let refuseNext = 0;
const accepted: string[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  // This file drives its own workers on its own clock.
  await ctx.worker.stop({ graceMs: 0 });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpConfig = { ...ctx.config, smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx.stop();
});

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

function clockAt(start: Date) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

const mail = (to: string) => ({ to, subject: 'Your code', text: 'Code 123456', html: '<p>Code 123456</p>', kind: 'otp' });

describe('mail delivery through the job queue', () => {
  it('without SMTP_URL still stores the mail in the dev outbox at once', async () => {
    const { delivered } = await sendMail({ config: ctx.config, logger: ctx.logger }, mail('outbox@example.test'));
    expect(delivered).toBe(true);
    expect(await OutboxMail.countDocuments({ to: 'outbox@example.test' })).toBe(1);
    const job = await QueueJob.findOne({ name: MailJob.name, 'payload.to': 'outbox@example.test' }).lean();
    expect(job).toMatchObject({ state: 'done', attempts: 1 });
    // The finished job keeps who and what, not the one-time code.
    expect(job!.payload).toEqual({ to: 'outbox@example.test', subject: 'Your code', kind: 'otp' });
  });

  it('retries a mail the SMTP server refuses, with growing delays, until it goes out', async () => {
    refuseNext = 2;
    const { delivered } = await sendMail({ config: smtpConfig, logger: ctx.logger }, mail('retry@example.test'));
    expect(delivered).toBe(false);
    const job = await QueueJob.findOne({ name: MailJob.name, 'payload.to': 'retry@example.test' }).lean();
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job!.lastError).toMatch(/Mailbox busy/);
    const firstDelay = job!.runAt.getTime() - job!.updatedAt.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(29_000);

    const clock = clockAt(new Date(job!.runAt.getTime() - 1));
    const worker = new JobWorker({ definitions: [MailJob], config: smtpConfig, logger: ctx.logger, now: clock.now });
    await worker.drain();
    expect((await findJob(job!._id))?.attempts).toBe(1); // not due yet

    clock.advance(1);
    await worker.drain();
    const second = await findJob(job!._id);
    expect(second).toMatchObject({ state: 'queued', attempts: 2 });
    expect(second!.runAt.getTime() - clock.now().getTime()).toBe(60_000);

    clock.advance(60_000);
    await worker.drain();
    expect(await findJob(job!._id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(accepted.filter((to) => to === 'retry@example.test')).toHaveLength(1);
  });

  it('logs a mail as failed after its last attempt', async () => {
    refuseNext = 100;
    const { logger, lines } = capturingLogger();
    const job = await queueMail(mail('never@example.test'));
    const clock = clockAt(job.runAt);
    const worker = new JobWorker({ definitions: [MailJob], config: smtpConfig, logger, now: clock.now });
    for (let i = 0; i < MailJob.maxAttempts!; i++) {
      await worker.drain();
      clock.advance(MailJob.backoff!.maxMs);
    }
    refuseNext = 0;
    const failed = await findJob(job._id);
    expect(failed).toMatchObject({ state: 'failed', attempts: MailJob.maxAttempts });
    expect(failed!.payload).toEqual({ to: 'never@example.test', subject: 'Your code', kind: 'otp' });
    const gaveUp = lines.filter((l) => l.msg === 'mail could not be sent after its last attempt; giving up');
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toMatchObject({ level: 50, mail: { to: 'never@example.test', subject: 'Your code', kind: 'otp' } });
    expect(JSON.stringify(lines)).not.toContain('123456');
    expect(accepted).not.toContain('never@example.test');
  });
});
