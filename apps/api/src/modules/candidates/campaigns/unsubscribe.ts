import type { Request, Response } from 'express';
import { UnsubscribeMessages } from '@hireflow/contracts/candidates-campaigns';
import { Candidate } from '../candidate.model';
import { recordCandidateActivity } from '../candidate-activity';
import { escapeHtml } from '../../mail/merge-fields';
import { readUnsubscribeToken } from './unsubscribe-token';

/** Marks the candidate of a valid token unsubscribed (once; later clicks change nothing) and says so. */
export async function unsubscribe(secret: string, token: string, now: Date): Promise<boolean> {
  const target = readUnsubscribeToken(secret, token);
  if (!target) return false;
  const res = await Candidate.updateOne({ customerId: target.customerId, _id: target.candidateId, unsubscribedAt: null }, { $set: { unsubscribedAt: now } });
  if (res.modifiedCount === 1) {
    await recordCandidateActivity({ customerId: target.customerId, candidateId: target.candidateId, kind: 'unsubscribed', by: null, summary: 'Unsubscribed from campaign mails', at: now });
    return true;
  }
  return Boolean(await Candidate.exists({ customerId: target.customerId, _id: target.candidateId }));
}

/** A small page for a person who clicked the link; JSON for a client that asks for it. */
export function answerUnsubscribe(req: Request, res: Response, ok: boolean) {
  const message = ok ? UnsubscribeMessages.done : UnsubscribeMessages.invalid;
  res.status(ok ? 200 : 404).setHeader('Cache-Control', 'no-store');
  if (req.accepts(['html', 'json']) === 'json') {
    res.json({ unsubscribed: ok, message });
    return;
  }
  res.type('html').send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${ok ? 'Unsubscribed' : 'Link not valid'}</title></head>` +
      `<body style="font-family: Roboto, Arial, sans-serif; max-width: 560px; margin: 48px auto; padding: 0 16px"><h1>${ok ? 'Unsubscribed' : 'Link not valid'}</h1><p>${escapeHtml(message)}</p></body></html>`,
  );
}
