import type { TCompanyPreferences, TDateFormat } from '@hireflow/contracts/company';

// The company's date format and week start (company-settings/preferences). The SPA's date displays
// predate this helper and still format dates their own way: moving them here is follow-up work; new
// code should call formatDate and weekStart.
let current: Pick<TCompanyPreferences, 'dateFormat' | 'weekStart'> = { dateFormat: 'DD/MM/YYYY', weekStart: 1 };

const Months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Called when the company's preferences load or are saved. */
export function setDatePreferences(preferences: Pick<TCompanyPreferences, 'dateFormat' | 'weekStart'>) {
  current = { dateFormat: preferences.dateFormat, weekStart: preferences.weekStart };
}

/** A calendar day in the company's format (or the one given), read in the browser's time zone. */
export function formatDate(value: Date | string, format: TDateFormat = current.dateFormat): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const [d, m, y] = [date.getDate(), date.getMonth() + 1, date.getFullYear()];
  switch (format) {
    case 'MM/DD/YYYY':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'YYYY-MM-DD':
      return `${y}-${pad(m)}-${pad(d)}`;
    case 'D MMM YYYY':
      return `${d} ${Months[m - 1]} ${y}`;
    default:
      return `${pad(d)}/${pad(m)}/${y}`;
  }
}

/** The first day of the company's week: 0 Sunday, 1 Monday, 6 Saturday (as Mantine's firstDayOfWeek counts). */
export function weekStart(): 0 | 1 | 6 {
  return current.weekStart;
}
