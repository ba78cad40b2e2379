import type { TNpsAnswer } from '@hireflow/contracts/reports';
import { ZNpsAnswer } from '@hireflow/contracts/reports';
import { hashKey } from '../../../auth/auth.crypto';
import { NpsSurvey, type NpsSurveyDoc } from './nps-survey.model';

export type SurveyState = 'open' | 'answered' | 'expired';

/** A survey by its token (any company: the token names it), or null for a malformed or unknown one. */
export async function findSurveyByToken(token: string): Promise<NpsSurveyDoc | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return NpsSurvey.findOne({ tokenHash: hashKey(token) }).setOptions({ crossTenant: true }).lean<NpsSurveyDoc>();
}

export function surveyState(survey: NpsSurveyDoc, now: Date): SurveyState {
  if (survey.answeredAt) return 'answered';
  return survey.expiresAt <= now ? 'expired' : 'open';
}

export type AnswerOutcome = { ok: true } | { ok: false; error: string; score: string; comment: string } | { ok: false; state: Exclude<SurveyState, 'open'> };

/**
 * Records the answer once: the write matches only an open survey, so two submissions racing each other
 * leave the first one's answer and the second is told it was already answered. Bad input saves nothing.
 */
export async function answerSurvey(survey: NpsSurveyDoc, form: Partial<Record<keyof TNpsAnswer, unknown>>, now: Date): Promise<AnswerOutcome> {
  const state = surveyState(survey, now);
  if (state !== 'open') return { ok: false, state };
  const raw = { score: typeof form.score === 'string' && form.score !== '' ? form.score : undefined, comment: typeof form.comment === 'string' ? form.comment : '' };
  const parsed = ZNpsAnswer.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const error = issue.path[0] === 'comment' ? `Your comment ${issue.message}.` : `${issue.message.charAt(0).toUpperCase()}${issue.message.slice(1)}.`;
    return { ok: false, error, score: String(raw.score ?? ''), comment: raw.comment };
  }
  const updated = await NpsSurvey.updateOne(
    { customerId: survey.customerId, _id: survey._id, answeredAt: null, expiresAt: { $gt: now } },
    { $set: { answeredAt: now, score: parsed.data.score, comment: parsed.data.comment } },
  );
  if (updated.matchedCount === 0) return { ok: false, state: 'answered' };
  return { ok: true };
}
