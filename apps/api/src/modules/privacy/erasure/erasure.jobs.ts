import { Types } from 'mongoose';
import type { JobDefinition } from '../../../lib/job-queue';
import { queueMail } from '../../../lib/mailer';
import { User } from '../../users/user.model';
import { ErasureRequest } from './erasure-request.model';

/** Where the admins answer erasure requests (the SPA's page). */
export const ErasureQueuePage = '/company-settings/privacy/erasure-requests';

type Payload = { customerId: string; requestId: string };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A candidate asked for erasure: every active user of the company with the companySettings right (admins hold
 * every right) gets one short mail with the way to the queue. It names no one: the queue shows who, to those
 * who may see it, and a mail outlives an erasure in people's inboxes.
 */
export const ErasureRequestedJob: JobDefinition<Payload> = {
  name: 'privacy.erasure-requested',
  maxAttempts: 3,
  async handler({ customerId, requestId }, ctx) {
    const company = new Types.ObjectId(customerId);
    const request = await ErasureRequest.findOne({ customerId: company, _id: new Types.ObjectId(requestId) }, { dueAt: 1, state: 1 }).lean();
    if (!request || request.state !== 'pending') return { mailed: 0 };
    const users = await User.find({ customerId: company, status: 'active', $or: [{ admin: true }, { rights: 'companySettings' }] }, { email: 1 }).lean();
    const url = `${ctx.config.publicUrl.replace(/\/$/, '')}${ErasureQueuePage}`;
    const due = request.dueAt.toISOString().slice(0, 10);
    const subject = 'A candidate asked to erase their data';
    const text = `A candidate asked us to erase their personal data. The law gives us until ${due} to answer.\n\nApprove or refuse the request here: ${url}`;
    const html = `<p>A candidate asked us to erase their personal data. The law gives us until <strong>${esc(due)}</strong> to answer.</p><p><a href="${esc(url)}">Open the erasure requests</a></p>`;
    for (const user of users) await queueMail({ to: user.email, subject, text, html, kind: 'privacy-erasure-requested' }, { customerId: company, dedupeKey: `erasure-requested:${requestId}:${String(user._id)}` });
    return { mailed: users.length };
  },
};

/** The background jobs of privacy/erasure (listed by privacy.jobs.ts). */
export const erasureJobs: JobDefinition[] = [ErasureRequestedJob];
