import { Router } from 'express';
import { AuthApi, OutboxLimits, ZOutboxQuery, type TOutboxMail } from '@hireflow/contracts/auth';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { OutboxMail } from './outbox.model';

export const mailRouter = Router();

/** The dev mailbox: what the local profile "sent", newest first. Absent in production. */
mailRouter.get(AuthApi.devOutbox.replace(/^\/api/, ''), validate({ query: ZOutboxQuery }), async (req, res) => {
  if (req.app.locals.config.isProduction) throw AppError.notFound('Dev mailbox');
  const { to } = req.query as { to?: string };
  const mails = await OutboxMail.find(to ? { to } : {})
    .sort({ sentAt: -1, _id: -1 })
    .limit(OutboxLimits.pageSize)
    .lean();
  const body: TOutboxMail[] = mails.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, sentAt: m.sentAt.toISOString() }));
  res.json(body);
});
