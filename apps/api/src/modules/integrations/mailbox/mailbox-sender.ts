import { Types } from 'mongoose';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { gmail } from '@googleapis/gmail';
import type { Config } from '../../../config';
import { registerMailboxSender, type Mail, type MailContext, type MailSender } from '../../../lib/mailer';
import { AppError } from '../../../lib/app-error';
import { User } from '../../users/user.model';
import { IntegrationConnection, type ConnectionDoc } from '../connections/connection.model';
import { TokenRejectedError, findConnection, withAccessToken } from '../connections/connections';
import { ConnectionBrokenError } from '../oauth/providers';

/** The mailbox a `sendAs` names: a company's shared sending address, or the user's own mailbox. */
function connectionOf(sendAs: MailSender) {
  const customerId = new Types.ObjectId(sendAs.customerId);
  if (sendAs.sharedEmail) return findConnection(customerId, 'mailbox', { owner: 'shared', sharedEmail: sendAs.sharedEmail });
  if (sendAs.userId) return findConnection(customerId, 'mailbox', { owner: 'user', userId: new Types.ObjectId(sendAs.userId) });
  return Promise.resolve(null);
}

/** The whole message as a mail program would send it (text, html, headers, the iCalendar part, attachments), From the connected account. */
function rawMessage(connection: ConnectionDoc, mail: Mail, name: string): Promise<Buffer> {
  const composer = new MailComposer({
    from: name ? { name, address: connection.account } : connection.account,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.content, filename: mail.calendar.filename ?? 'invite.ics' } } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) } : {}),
  });
  return composer.compile().build();
}

const statusOf = (error: unknown) => {
  const e = error as { status?: number; code?: number | string; response?: { status?: number } };
  return e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : undefined);
};

/** Gmail API users.messages.send with the raw message (base64url). */
async function sendThroughGmail(config: Config, accessToken: string, raw: Buffer) {
  const api = gmail({ version: 'v1', rootUrl: `${config.google!.apiUrl}/` });
  try {
    await api.users.messages.send({ userId: 'me', requestBody: { raw: raw.toString('base64url') } }, { headers: { Authorization: `Bearer ${accessToken}` }, retry: false });
  } catch (error) {
    const status = statusOf(error);
    if (status === 401) throw new TokenRejectedError('Gmail rejected the access token');
    // A fresh error without the library's as its cause: that one carries the request and its Authorization header.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(status ? `Gmail answered ${status} to messages.send` : `Gmail could not be reached (${(error as Error).message})`);
  }
}

/** Graph POST /me/sendMail with the MIME message, base64, as text/plain (Graph's MIME form). */
async function sendThroughGraph(config: Config, accessToken: string, raw: Buffer) {
  const res = await fetch(`${config.microsoft!.graphUrl}/me/sendMail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'text/plain' },
    body: raw.toString('base64'),
  });
  if (res.status === 401) throw new TokenRejectedError('Graph rejected the access token');
  if (!res.ok) throw new Error(`Microsoft Graph answered ${res.status} to sendMail`);
}

/**
 * Sends a mail with `sendAs` from the sender's connected mailbox. False (SMTP takes it) when there is none,
 * when the context carries no token key or the provider is no longer configured, and when the connection
 * broke: then the connection is marked (`fallbackAt`, the warning the person sees) and a warning logged.
 * A passing failure (the provider down, the network) is thrown: the mail queue tries again.
 */
export async function sendThroughMailbox(ctx: MailContext, mail: Mail & { sendAs: MailSender }): Promise<boolean> {
  const config = ctx.config as Partial<Config>;
  if (!config.tokenKey) return false;
  const connection = await connectionOf(mail.sendAs);
  if (!connection) return false;
  const provider = connection.provider as 'google' | 'microsoft';
  if (provider === 'google' ? !config.google : !config.microsoft) return false;
  let name = '';
  if (connection.owner === 'user') {
    // A user who left (deactivated) no longer speaks for the company from their mailbox: the company's address sends it.
    const user = await User.findOne({ customerId: connection.customerId, _id: connection.userId }, { firstName: 1, lastName: 1, status: 1 }).lean<{ firstName?: string; lastName?: string; status?: string }>();
    if (!user || user.status !== 'active') return false;
    name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
  }
  const raw = await rawMessage(connection, mail, name);
  try {
    await withAccessToken(config as Config, connection, (token) => (provider === 'google' ? sendThroughGmail(config as Config, token, raw) : sendThroughGraph(config as Config, token, raw)));
  } catch (error) {
    if (error instanceof AppError && error.status === 501) return false;
    if (!(error instanceof ConnectionBrokenError)) throw error;
    await IntegrationConnection.updateOne({ customerId: connection.customerId, _id: connection._id }, { $set: { fallbackAt: new Date() } });
    ctx.logger.warn(
      { connectionId: String(connection._id), provider, owner: connection.owner, mail: { to: mail.to, subject: mail.subject, kind: mail.kind }, reason: error.message },
      'the mailbox connection is broken: the mail goes out through the company mail server instead',
    );
    return false;
  }
  ctx.logger.info({ connectionId: String(connection._id), provider, mail: { to: mail.to, subject: mail.subject, kind: mail.kind } }, 'mail sent through the connected mailbox');
  return true;
}

registerMailboxSender(sendThroughMailbox);
