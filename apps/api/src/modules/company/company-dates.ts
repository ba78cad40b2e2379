import { DateTime } from 'luxon';
import { DefaultCompanyPreferences, type TCompanyPreferences, type TDateFormat } from '@hireflow/contracts/company';
import { Customer } from '../org/customer.model';
import { presentPreferences } from './company.presenter';

/** The contracts' date formats in luxon's tokens. */
const LuxonFormats: Record<TDateFormat, string> = {
  'DD/MM/YYYY': 'dd/LL/yyyy',
  'MM/DD/YYYY': 'LL/dd/yyyy',
  'YYYY-MM-DD': 'yyyy-LL-dd',
  'D MMM YYYY': 'd LLL yyyy',
};

export type DatePrefs = Pick<TCompanyPreferences, 'timeZone' | 'dateFormat'>;

/**
 * A date (and time) the way the company writes them (company-settings/preferences): its date format, in its
 * time zone unless `timeZone` names another (an interview's own). `withTime` adds "HH:mm (Zone)".
 * "24/11/2026", "24/11/2026 14:30 (Europe/Berlin)", "Tuesday, 24/11/2026 14:30 (Europe/Berlin)" with `weekday`.
 */
export function formatForCompany(date: Date, prefs: DatePrefs, { withTime = false, weekday = false, timeZone }: { withTime?: boolean; weekday?: boolean; timeZone?: string } = {}): string {
  const zone = timeZone ?? prefs.timeZone ?? DefaultCompanyPreferences.timeZone;
  let at = DateTime.fromJSDate(date, { zone }).setLocale('en-GB');
  if (!at.isValid) at = DateTime.fromJSDate(date, { zone: 'UTC' }).setLocale('en-GB');
  const day = at.toFormat(LuxonFormats[prefs.dateFormat] ?? LuxonFormats[DefaultCompanyPreferences.dateFormat]);
  const text = `${weekday ? `${at.toFormat('cccc')}, ` : ''}${day}`;
  return withTime ? `${text} ${at.toFormat('HH:mm')} (${at.zoneName})` : text;
}

/** The company's date preferences (defaults when unset). */
export async function datePrefsOf(customerId: unknown): Promise<DatePrefs> {
  const customer = await Customer.findById(customerId, { name: 1, preferences: 1 }).lean();
  return customer ? presentPreferences(customer) : DefaultCompanyPreferences;
}
