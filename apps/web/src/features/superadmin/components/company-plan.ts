import { Plans } from '@hireflow/contracts/billing';
import type { TCompanyRow } from '@hireflow/contracts/superadmin';

/** "Growth" or "Growth (trial until 8 Dec 2026)". */
export function planLabel(company: Pick<TCompanyRow, 'plan' | 'trialEndsAt'>): string {
  const name = Plans[company.plan].name;
  return company.trialEndsAt ? `${name} (trial until ${trialEnd(company.trialEndsAt)})` : name;
}

export const trialEnd = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const seatsLabel = (company: Pick<TCompanyRow, 'seats'>) => `${company.seats.used} of ${company.seats.allowed}`;
