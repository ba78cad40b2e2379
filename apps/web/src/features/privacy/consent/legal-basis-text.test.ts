import { describe, expect, it } from 'vitest';
import { legalBasisText } from './legal-basis-text';

describe('legalBasisText', () => {
  it('says consent with its dates and source, legitimate interest with its source, or that nothing is recorded', () => {
    expect(legalBasisText({ legalBasis: 'consent', consentAt: '2026-03-03T10:00:00.000Z', consentExpiresAt: '2028-03-03T10:00:00.000Z', consentSource: 'Career site apply form' })).toBe(
      'Consent since 3 Mar 2026, until 3 Mar 2028 (Career site apply form)',
    );
    expect(legalBasisText({ legalBasis: 'consent', consentAt: '2026-03-03T10:00:00.000Z', consentExpiresAt: null, consentSource: '' })).toBe('Consent since 3 Mar 2026');
    expect(legalBasisText({ legalBasis: 'legitimate_interest', consentAt: null, consentExpiresAt: null, consentSource: 'Imported from x.xlsx' })).toBe('Legitimate interest (Imported from x.xlsx)');
    expect(legalBasisText({ legalBasis: null, consentAt: null, consentExpiresAt: null, consentSource: '' })).toBe('Not recorded');
  });
});
