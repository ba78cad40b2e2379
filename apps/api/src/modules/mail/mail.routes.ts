import { Router } from 'express';
import { AuthApi, OutboxLimits, ZOutboxQuery, type TOutboxMail } from '@hireflow/contracts/auth';
import { validate } from '../../lib/validate';
import type { MailAttachment } from '../../lib/mailer';
import { requireLocalDevelopment } from '../../lib/local-only';
import { OutboxMail } from './outbox.model';
import { mailTemplatesRouter } from './mail-templates.routes';

export const mailRouter = Router();
mailRouter.use(mailTemplatesRouter);

// Everything under /api/dev is for the developer on this machine (outside production, from loopback).
mailRouter.use('/dev', requireLocalDevelopment);

/**
 * The dev mailbox: what the local profile "sent", newest first. It holds every company's one-time codes
 * and reset links, so it exists only outside production and only for requests from this machine.
 */
mailRouter.get(AuthApi.devOutbox.replace(/^\/api/, ''), validate({ query: ZOutboxQuery }), async (req, res) => {
  const { to } = req.query as { to?: string };
  const mails = await OutboxMail.find(to ? { to } : {})
    .sort({ sentAt: -1, _id: -1 })
    .limit(OutboxLimits.pageSize)
    .lean();
  const body: TOutboxMail[] = mails.map((m) => {
    const calendar = m.calendar as TOutboxMail['calendar'] | null;
    const files = (m.attachments ?? []) as MailAttachment[];
    return {
      to: m.to, subject: m.subject, text: m.text, html: m.html, sentAt: m.sentAt.toISOString(),
      ...(calendar ? { calendar: { method: calendar.method, content: calendar.content } } : {}),
      ...(files.length ? { attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, bytes: Buffer.byteLength(f.contentBase64, 'base64') })) } : {}),
    };
  });
  res.json(body);
});
