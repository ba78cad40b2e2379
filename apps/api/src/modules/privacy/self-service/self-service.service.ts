import type { Types } from 'mongoose';
import { LegalBasisLabels, type TLegalBasis } from '@hireflow/contracts/privacy';
import { Candidate } from '../../candidates/candidate.model';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { Customer } from '../../org/customer.model';
import { ErasureRequest } from '../erasure/erasure-request.model';
import { findPrivacyLink } from '../privacy-link';
import { collectPersonalData, type Person } from '../personal-data';
import type { PrivacySummary } from './self-service.render';

/** The person a privacy token opens, with what the pages show of them. */
export type OpenedCandidate = Person & { firstName: string; lastName: string; email: string };

/**
 * What a token opens: nothing (unknown or malformed), an expired link, a candidate whose data is already erased,
 * or exactly one candidate of one company. Every read below is scoped by the link's company and candidate.
 */
export type PrivacyAccess =
  | { state: 'unknown' }
  | { state: 'expired'; customerId: Types.ObjectId }
  | { state: 'erased'; customerId: Types.ObjectId }
  | { state: 'valid'; person: OpenedCandidate };

export async function openPrivacyLink(token: string, now: Date): Promise<PrivacyAccess> {
  const found = await findPrivacyLink(token, now);
  if (found.state === 'unknown') return found;
  const { customerId, candidateId } = found.link;
  if (found.state === 'expired') return { state: 'expired', customerId };
  const candidate = await Candidate.findOne({ customerId, _id: candidateId }, { firstName: 1, lastName: 1, email: 1, erasedAt: 1 }).lean();
  if (!candidate || candidate.erasedAt) return { state: 'erased', customerId };
  return { state: 'valid', person: { customerId, candidateId, firstName: candidate.firstName, lastName: candidate.lastName ?? '', email: candidate.email ?? '' } };
}

/** The company's name, career-site slug, time zone and privacy notice, for the pages and the ZIP. */
export async function companyOf(customerId: Types.ObjectId) {
  const customer = await Customer.findById(customerId, { name: 1, slug: 1, preferences: 1, privacy: 1 }).lean();
  return { name: customer?.name ?? '', slug: customer?.slug ?? null, timeZone: customer?.preferences?.timeZone || 'UTC', notice: customer?.privacy?.notice ?? '' };
}

/** "3 March 2026", in the company's time zone. */
export function dayOf(date: Date, timeZone: string): string {
  const format = (tz: string) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: tz });
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** The same stored file may be named by the profile and by an application: each goes in the ZIP once. */
export function distinctFiles(files: { fileId: string; filename: string }[]) {
  const seen = new Set<string>();
  return files.filter((f) => !seen.has(f.fileId) && seen.add(f.fileId));
}

/** What the privacy page shows: counts of what the company holds, the consent, the notice and the erasure state. */
export async function privacySummaryOf(person: OpenedCandidate, company: Awaited<ReturnType<typeof companyOf>>): Promise<PrivacySummary> {
  const { customerId, candidateId } = person;
  const [candidate, data, mails, pending, refused] = await Promise.all([
    Candidate.findOne({ customerId, _id: candidateId }, { legalBasis: 1, consentAt: 1, consentExpiresAt: 1, consentSource: 1 }).lean(),
    collectPersonalData({ customerId, candidateId }),
    CandidateActivity.countDocuments({ customerId, candidateId, kind: 'email_sent' }),
    ErasureRequest.findOne({ customerId, candidateId, state: 'pending' }).lean(),
    ErasureRequest.findOne({ customerId, candidateId, state: 'refused' }).sort({ decidedAt: -1 }).lean(),
  ]);
  // The collected parts are plain JSON: job titles resolved, dates as ISO strings.
  const applications = (data.parts.applications ?? []) as { job: string; appliedAt: string }[];
  const day = (d: Date | null | undefined) => (d ? dayOf(d, company.timeZone) : null);
  const basis = candidate?.legalBasis as TLegalBasis | null | undefined;
  return {
    firstName: person.firstName,
    companyName: company.name,
    applications: applications
      .slice()
      .sort((a, b) => a.appliedAt.localeCompare(b.appliedAt))
      .map((a) => ({ jobTitle: a.job || 'A job no longer listed', appliedAt: day(new Date(a.appliedAt))! })),
    files: distinctFiles(data.files).length,
    mails,
    consent: { legalBasis: basis ? LegalBasisLabels[basis] : null, since: day(candidate?.consentAt), until: day(candidate?.consentExpiresAt), source: candidate?.consentSource ?? '' },
    notice: company.notice,
    erasure: pending
      ? { state: 'pending', requestedAt: day(pending.requestedAt)!, dueAt: day(pending.dueAt)! }
      : refused?.decidedAt
        ? { state: 'refused', decidedAt: day(refused.decidedAt)!, reason: refused.reason }
        : { state: 'none' },
  };
}
