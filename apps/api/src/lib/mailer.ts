import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { OutboxMail } from '../modules/mail/outbox.model';

export type Mail = { to: string; subject: string; text: string; html: string; kind: string };
export type MailContext = { config: Pick<Config, 'smtpUrl' | 'mailFrom'>; logger: Logger };

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends over SMTP_URL when set; otherwise stores the mail in the outbox collection (read by the dev
 * mailbox) and logs that it did. Never throws: a mail that cannot be sent is logged, and the caller's
 * action (sign-up, reset request) still stands; the user can ask for the mail again.
 * The log line names the recipient and subject only: bodies carry one-time links and codes.
 */
export async function sendMail({ config, logger }: MailContext, mail: Mail): Promise<{ delivered: boolean }> {
  try {
    if (config.smtpUrl) {
      await transportFor(config.smtpUrl).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      logger.info({ mail: { to: mail.to, subject: mail.subject, kind: mail.kind } }, 'mail sent');
    } else {
      await OutboxMail.create({ ...mail, sentAt: new Date() });
      logger.info(
        { mail: { to: mail.to, subject: mail.subject, kind: mail.kind } },
        `mail stored in the dev outbox (no SMTP_URL): read it at /api/dev/outbox?to=${encodeURIComponent(mail.to)}`,
      );
    }
    return { delivered: true };
  } catch (error) {
    logger.error({ err: error, mail: { to: mail.to, subject: mail.subject, kind: mail.kind } }, 'mail could not be sent');
    return { delivered: false };
  }
}
