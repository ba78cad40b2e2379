import type { ClientSession, Types } from 'mongoose';
import { ConsentSources, DefaultPrivacySettings, PrivacyLimits, type TConsentRenewalSummary, type TLegalBasis, type TPrivacySettings } from '@hireflow/contracts/privacy';
import { AppError } from '../../../lib/app-error';
import { Customer } from '../../org/customer.model';
import { Candidate } from '../../candidates/candidate.model';
import { withTransaction } from '../../jobs/with-transaction';
import { recordAudit } from '../audit/audit';

const DayMs = 24 * 3600 * 1000;

/** The company's privacy settings, with the defaults for any part never saved. */
export async function getPrivacySettings({ customerId }: { customerId: Types.ObjectId }): Promise<TPrivacySettings> {
  const customer = await Customer.findById(customerId, { privacy: 1 }).lean();
  if (!customer) throw AppError.notFound('Company');
  const p = (customer.privacy ?? {}) as Partial<TPrivacySettings>;
  return {
    notice: p.notice ?? DefaultPrivacySettings.notice,
    requireConsent: p.requireConsent ?? DefaultPrivacySettings.requireConsent,
    consentMonths: p.consentMonths === undefined ? DefaultPrivacySettings.consentMonths : p.consentMonths,
    auditMonths: p.auditMonths ?? DefaultPrivacySettings.auditMonths,
  };
}

export async function updatePrivacySettings({ customerId, input }: { customerId: Types.ObjectId; input: TPrivacySettings }): Promise<TPrivacySettings> {
  const res = await Customer.updateOne({ _id: customerId }, { $set: { privacy: input } });
  if (res.matchedCount === 0) throw AppError.notFound('Company');
  return getPrivacySettings({ customerId });
}

/** `at` plus whole calendar months (3 Mar + 24 months = 3 Mar two years later), in UTC. */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 Jan + 1 month is the last day of February, not 3 March.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export type LegalBasisFields = { legalBasis: TLegalBasis; consentAt: Date | null; consentSource: string; consentExpiresAt: Date | null; consentRenewalSentAt: null };

/**
 * The legal basis a candidate's record gets at intake (or when consent is renewed): consent given now, lasting
 * the company's consentMonths (or for good), or the company's legitimate interest (no consent date, no expiry).
 */
export async function legalBasisFields({ customerId, consent, source, at }: { customerId: Types.ObjectId; consent: boolean; source: string; at: Date }, session?: ClientSession): Promise<LegalBasisFields> {
  if (!consent) return { legalBasis: 'legitimate_interest', consentAt: null, consentSource: source, consentExpiresAt: null, consentRenewalSentAt: null };
  const customer = await Customer.findById(customerId, { privacy: 1 }, { session }).lean();
  const months = customer?.privacy?.consentMonths === undefined ? DefaultPrivacySettings.consentMonths : customer.privacy.consentMonths;
  return { legalBasis: 'consent', consentAt: at, consentSource: source, consentExpiresAt: months ? addMonths(at, months) : null, consentRenewalSentAt: null };
}

/** Candidates of the company whose consent lapses within PrivacyLimits.renewalNoticeDays and who were not asked since they consented. */
export function dueForRenewal(customerId: Types.ObjectId, now: Date) {
  return {
    customerId,
    legalBasis: 'consent' as const,
    erasedAt: null,
    mergedIntoId: null,
    email: { $nin: ['', null] },
    consentExpiresAt: { $gt: now, $lte: new Date(now.getTime() + PrivacyLimits.renewalNoticeDays * DayMs) },
    consentRenewalSentAt: null,
  };
}

export async function consentRenewalSummary({ customerId, now }: { customerId: Types.ObjectId; now: Date }): Promise<TConsentRenewalSummary> {
  const [due, expired] = await Promise.all([
    Candidate.countDocuments(dueForRenewal(customerId, now)),
    Candidate.countDocuments({ customerId, legalBasis: 'consent', erasedAt: null, mergedIntoId: null, consentExpiresAt: { $lte: now } }),
  ]);
  return { due, expired };
}

/**
 * The candidate renews their consent on the renewal page: consent from now, for the company's period again,
 * recorded in the audit trail (by the candidate: no user). Null when there is nobody to renew (erased, merged).
 */
export async function renewConsent({ customerId, candidateId, now }: { customerId: Types.ObjectId; candidateId: Types.ObjectId; now: Date }): Promise<{ consentExpiresAt: Date | null } | null> {
  return withTransaction(async (session) => {
    const candidate = await Candidate.findOne({ customerId, _id: candidateId, erasedAt: null, mergedIntoId: null }, { firstName: 1, lastName: 1, email: 1 }, { session }).lean();
    if (!candidate) return null;
    const fields = await legalBasisFields({ customerId, consent: true, source: ConsentSources.renewal, at: now }, session);
    await Candidate.updateOne({ customerId, _id: candidateId }, { $set: fields }, { session });
    const until = fields.consentExpiresAt ? `until ${fields.consentExpiresAt.toISOString().slice(0, 10)}` : 'without an end date';
    await recordAudit(
      {
        customerId,
        action: 'consent_renewed',
        at: now,
        actor: null,
        person: { id: candidate._id, name: `${candidate.firstName} ${candidate.lastName ?? ''}`.trim(), email: candidate.email ?? '' },
        detail: `Consent renewed from the renewal mail, ${until}`,
      },
      session,
    );
    return { consentExpiresAt: fields.consentExpiresAt };
  });
}
