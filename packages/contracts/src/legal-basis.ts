// Why a company may keep a candidate's data (GDPR art. 6). Re-exported by privacy.ts; the candidate profile's
// contract imports it from here so a profile screen does not load every privacy schema.

/** Their consent, or the company's legitimate interest. */
export const LegalBases = ['consent', 'legitimate_interest'] as const;
export type TLegalBasis = (typeof LegalBases)[number];
export const LegalBasisLabels: Record<TLegalBasis, string> = {
  consent: 'Consent',
  legitimate_interest: 'Legitimate interest',
};
