/**
 * The time zones a user may pick (the profile page and the admin's user form): the IANA names this
 * browser knows, UTC first, and the current value even when the browser lacks it.
 */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known].filter(Boolean))];
}
