import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { OutboxMail } from '../modules/mail/outbox.model';
import { enqueueJob, findJob, runJobNow, PermanentJobError, type EnqueueOptions, type JobDefinition } from './job-queue';

/**
 * `headers`: extra mail headers (List-Unsubscribe on campaign mail). `calendar`: an iCalendar event
 * (invitation, update or cancellation) sent as the text/calendar part calendar programs act on, and as an
 * .ics attachment. `attachments`: files (a signed offer letter), base64 so the queued job stays JSON; keep them
 * small (the job document carries them). The dev outbox keeps all of it.
 */
export type MailCalendar = { method: 'REQUEST' | 'CANCEL'; content: string; filename?: string };
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };
/**
 * `sendAs`: whose mailbox the mail goes out from (a user's connected Gmail/Outlook, or a company's shared
 * sending address). Without a working connection it goes through SMTP as before (see MailboxSender).
 */
export type MailSender = { customerId: string; userId?: string; sharedEmail?: string };
export type Mail = { to: string; subject: string; text: string; html: string; kind: string; headers?: Record<string, string>; calendar?: MailCalendar; attachments?: MailAttachment[]; sendAs?: MailSender };
/** `publicUrl` (when the caller has it) lets a mail link the site's files, e.g. the company logo of candidate mails. */
export type MailContext = { config: Pick<Config, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Config, 'jobLeaseSeconds' | 'publicUrl'>>; logger: Logger };

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

/** How a permanent SMTP refusal (5xx) starts in the job's error: callers tell a bounce from a failure by it. */
export const PermanentSmtpPrefix = 'SMTP ';

/**
 * Sends a mail with `sendAs` through the sender's connected mailbox (the integrations module registers it).
 * Answers true when the provider took it; false when there is no working mailbox (never connected, or the
 * connection broke: the sender is warned), and SMTP takes the mail instead. Throws on a passing failure,
 * for the queue to retry.
 */
export type MailboxSender = (ctx: MailContext, mail: Mail & { sendAs: MailSender }) => Promise<boolean>;
let mailboxSender: MailboxSender | null = null;
export function registerMailboxSender(sender: MailboxSender | null) {
  mailboxSender = sender;
}

/** One delivery attempt: the sender's own mailbox when connected, else SMTP_URL when set, else the dev outbox. Throws when SMTP refuses. */
async function deliver(ctx: MailContext, mail: Mail) {
  const { config, logger } = ctx;
  if (mail.sendAs && mailboxSender && (await mailboxSender(ctx, mail as Mail & { sendAs: MailSender }))) return;
  if (config.smtpUrl) {
    try {
      await transportFor(config.smtpUrl).sendMail({
        from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.content, filename: mail.calendar.filename ?? 'invite.ics' } } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) } : {}),
      });
    } catch (error) {
      // A 5xx answer is the server's final word (unknown mailbox, refused content): retrying cannot help.
      const code = (error as { responseCode?: number }).responseCode;
      if (code && code >= 500) throw new PermanentJobError(`${PermanentSmtpPrefix}${code}: ${(error as Error).message}`);
      throw error;
    }
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
export type SendOutcome = {
  delivered: boolean;
  /** Why the first attempt failed (when it did). */
  error?: string;
  /** The server refused the mail for good (SMTP 5xx): it is not retried. */
  permanent?: boolean;
};

export async function sendMail(ctx: MailContext, mail: Mail, opts: { maxAttempts?: number } = {}): Promise<SendOutcome> {
  try {
    // The mail handler reads only smtpUrl and mailFrom; callers hold those, not always the whole config.
    const { jobId, state } = await runJobNow(MailJob, mail, ctx as { config: Config; logger: Logger }, opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {});
    if (state === 'done') return { delivered: true };
    const error = (await findJob(jobId))?.lastError ?? 'not delivered';
    return { delivered: false, error, permanent: error.startsWith(PermanentSmtpPrefix) };
  } catch (error) {
    ctx.logger.error({ err: error, mail: described(mail) }, 'mail could not be queued');
    return { delivered: false, error: 'the mail could not be queued' };
  }
}

/** Queues a mail for the workers without waiting for it (bulk sends, reminders). */
export function queueMail(mail: Mail, opts: Omit<EnqueueOptions, 'maxAttempts'> = {}) {
  return enqueueJob(MailJob.name, mail, { ...opts, maxAttempts: MailJob.maxAttempts });
}
