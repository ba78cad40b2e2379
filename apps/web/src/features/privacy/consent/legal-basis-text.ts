import { LegalBasisLabels, type TCandidateConsent } from '@hireflow/contracts/privacy';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The legal basis as the profile says it: "Consent since 3 Mar 2026, until 3 Mar 2028 (Career site apply form)",
 * "Legitimate interest (Imported from x.xlsx)", or "Not recorded" for records older than the legal basis.
 */
export function legalBasisText({ legalBasis, consentAt, consentSource, consentExpiresAt }: Pick<TCandidateConsent, 'legalBasis' | 'consentAt' | 'consentSource' | 'consentExpiresAt'>): string {
  const source = consentSource ? ` (${consentSource})` : '';
  // Before the legal basis was recorded, a consent date alone meant consent.
  const basis = legalBasis ?? (consentAt ? 'consent' : null);
  if (!basis) return 'Not recorded';
  if (basis === 'legitimate_interest') return `${LegalBasisLabels.legitimate_interest}${source}`;
  const since = consentAt ? ` since ${day(consentAt)}` : '';
  const until = consentExpiresAt ? `${since ? ',' : ''} until ${day(consentExpiresAt)}` : '';
  return `${LegalBasisLabels.consent}${since}${until}${source}`;
}
