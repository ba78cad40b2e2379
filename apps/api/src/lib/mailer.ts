import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { OutboxMail } from '../modules/mail/outbox.model';
import { enqueueJob, runJobNow, type EnqueueOptions, type JobDefinition } from './job-queue';

export type Mail = { to: string; subject: string; text: string; html: string; kind: string };
export type MailContext = { config: Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'jobLeaseSeconds'>>; logger: Logger };

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The log names the recipient and subject only: bodies carry one-time links and codes. */
const described = (mail: Mail) => ({ to: mail.to, subject: mail.subject, kind: mail.kind });

/** One delivery attempt: SMTP_URL when set, else the dev outbox. Throws when SMTP refuses. */
async function deliver({ config, logger }: MailContext, mail: Mail) {
  if (config.smtpUrl) {
    await transportFor(config.smtpUrl).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    logger.info({ mail: described(mail) }, 'mail sent');
  } else {
    await OutboxMail.create({ ...mail, sentAt: new Date() });
    logger.info({ mail: described(mail) }, `mail stored in the dev outbox (no SMTP_URL): read it at /api/dev/outbox?to=${encodeURIComponent(mail.to)}`);
  }
}

/**
 * Mail delivery as a queue job: a refused or unreachable SMTP server is tried again with exponential
 * backoff (30 s, 1 min, 2 min, ... up to 6 attempts over about 15 minutes); after the last it is logged
 * as failed. A done job keeps only who, what and which kind, not the body.
 */
export const MailJob: JobDefinition<Mail> = {
  name: 'mail.send',
  maxAttempts: 6,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  keepForSeconds: 3 * 24 * 3600,
  redact: described,
  handler: (mail, ctx) => deliver(ctx, mail),
  onFailed: (mail, error, { logger, job }) => {
    logger.error({ mail: described(mail), err: error, attempts: job.attempts }, 'mail could not be sent after its last attempt; giving up');
  },
};

/**
 * Sends a mail through the queue and makes the first attempt at once, in the caller, so a flow can
 * say whether it went out. Never throws: when the attempt fails the queue retries it in the
 * background (any instance, after a restart too), and the caller's action still stands.
 */
export async function sendMail(ctx: MailContext, mail: Mail): Promise<{ delivered: boolean }> {
  try {
    // The mail handler reads only smtpUrl and mailFrom; callers hold those, not always the whole config.
    const { state } = await runJobNow(MailJob, mail, ctx as { config: Config; logger: Logger });
    return { delivered: state === 'done' };
  } catch (error) {
    ctx.logger.error({ err: error, mail: described(mail) }, 'mail could not be queued');
    return { delivered: false };
  }
}

/** Queues a mail for the workers without waiting for it (bulk sends, reminders). */
export function queueMail(mail: Mail, opts: Omit<EnqueueOptions, 'maxAttempts'> = {}) {
  return enqueueJob(MailJob.name, mail, { ...opts, maxAttempts: MailJob.maxAttempts });
}
