/** "3 Mar 2026": a day as candidates read it in mails and on the renewal page (UTC, so every server says the same). */
export function formatDay(at: Date): string {
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
