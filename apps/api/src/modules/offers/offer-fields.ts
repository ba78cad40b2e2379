import { Types } from 'mongoose';
import { OfferMessages, toMinorUnits, type TCompensationInput, type TOfferInput } from '@hireflow/contracts/offers';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { User } from '../users/user.model';
import type { JobDoc } from '../jobs/job.model';
import { MailTemplate } from '../mail/mail-template.model';
import { assertCustomFieldValues } from '../org/custom-field-values';
import type { OfferCompensationDoc, OfferDoc } from './offer.model';
import { endOfDayIn, todayIn } from './offer-dates';

/** Exact pay in integer minor units (the contract has checked the decimals against the currency). */
export function compensationOf(c: TCompensationInput): OfferCompensationDoc {
  return {
    currency: c.currency,
    baseMinor: toMinorUnits(c.baseAmount, c.currency)!,
    period: c.period,
    bonusMinor: c.bonusAmount === null ? null : toMinorUnits(c.bonusAmount, c.currency)!,
    equity: c.equity,
    otherTerms: c.otherTerms,
  };
}

export function sameCompensation(a: OfferCompensationDoc | null | undefined, b: OfferCompensationDoc | null | undefined) {
  if (!a || !b) return !a && !b;
  return a.currency === b.currency && a.baseMinor === b.baseMinor && a.period === b.period && (a.bonusMinor ?? null) === (b.bonusMinor ?? null) && a.equity === b.equity && a.otherTerms === b.otherTerms;
}

/** The dates must still lie ahead in the creator's day (also checked again when it is submitted). */
export function assertOfferDates({ startDate, expiryDate }: { startDate: string; expiryDate: string }, zone: string | null | undefined, now: Date) {
  const today = todayIn(zone, now);
  if (startDate < today) throw AppError.badRequest(OfferMessages.startBeforeToday);
  if (expiryDate < today) throw AppError.badRequest(OfferMessages.expiryBeforeToday);
}

export type OfferFields = Pick<OfferDoc, 'jobTitle' | 'startDate' | 'expiryDate' | 'expiresAt' | 'compensation' | 'templateId' | 'managerId' | 'customFields' | 'note'>;

/**
 * The stored fields of a create or change, after every check that needs the database: dates, the letter
 * template (an "offer" template of the company), the manager (an active user; the job's hiring manager when
 * none is given) and the offer custom fields. 400 naming the field before anything is written.
 */
export async function offerFieldsOf({ customerId, actor, job, input, now }: { customerId: Types.ObjectId; actor: Pick<UserDoc, 'timezone'>; job: Pick<JobDoc, 'hiringManagerId'>; input: TOfferInput; now: Date }): Promise<OfferFields> {
  assertOfferDates(input, actor.timezone, now);
  if (input.templateId && !(await MailTemplate.exists({ customerId, _id: input.templateId, kind: 'offer' }))) {
    throw AppError.badRequest('templateId: not an offer letter template of your company');
  }
  if (input.managerId && !(await User.exists({ customerId, _id: input.managerId, status: 'active' }))) {
    throw AppError.badRequest('managerId: not an active user of your company');
  }
  await assertCustomFieldValues(customerId, 'offer', input.customFields);
  return {
    jobTitle: input.jobTitle,
    startDate: input.startDate,
    expiryDate: input.expiryDate,
    expiresAt: endOfDayIn(input.expiryDate, actor.timezone),
    compensation: compensationOf(input.compensation),
    templateId: input.templateId ? new Types.ObjectId(input.templateId) : null,
    managerId: input.managerId ? new Types.ObjectId(input.managerId) : (job.hiringManagerId ?? null),
    customFields: input.customFields,
    note: input.note,
  };
}

const stable = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

/** The form's words for the fields, for the "changed" event's note. */
export const OfferFieldLabels: Record<string, string> = {
  jobTitle: 'job title',
  startDate: 'start date',
  expiryDate: 'expiry date',
  compensation: 'compensation',
  templateId: 'letter template',
  managerId: 'manager',
  customFields: 'custom fields',
  note: 'note',
};

/** Which fields a change touches (their keys): what the "changed" event records. */
export function changedFields(offer: OfferDoc, next: OfferFields): string[] {
  const changed: string[] = [];
  const plain = ['jobTitle', 'startDate', 'expiryDate', 'note'] as const;
  for (const key of plain) if (offer[key] !== next[key]) changed.push(key);
  if (!sameCompensation(offer.compensation, next.compensation)) changed.push('compensation');
  if (String(offer.templateId ?? '') !== String(next.templateId ?? '')) changed.push('templateId');
  if (String(offer.managerId ?? '') !== String(next.managerId ?? '')) changed.push('managerId');
  if (stable(offer.customFields ?? {}) !== stable(next.customFields ?? {})) changed.push('customFields');
  return changed;
}
