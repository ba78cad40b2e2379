import { DateTime } from 'luxon';
import { InterviewModeLabels, type TFreeSlot, type TInterviewMode } from '@hireflow/contracts/interviews';
import { style } from '../../careers/careers.render';
import { escapeHtml as esc } from '../../jobs/html-escape';
import { brandFooterHtml, brandHeaderHtml, brandPageCss, type CompanyBrand } from '../../company/brand';

// The candidate's self-scheduling page: server-rendered like the career site, no script, no sign-in.

const extraStyle = `fieldset{border:1px solid #dfe9e3;border-radius:8px;margin:12px 0;padding:8px 16px}legend{font-weight:600;padding:0 4px}
label.choice{display:inline-block;font-weight:400;margin:6px 16px 6px 0}select{padding:8px;border:1px solid #b9cbbf;border-radius:6px;font:inherit;max-width:100%}
.notice{background:#eef7f1;border:1px solid #a9d6b9;padding:10px 14px;border-radius:6px}form.tz{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:12px 0}form.tz label{margin:0}form.tz button{margin-top:0}`;

/** `brand`: the company's logo, colour and address (modules/company/brand.ts); without it the name alone. */
export type SchedulePageInfo = { companyName: string; jobTitle: string; roundName: string; durationMinutes: number; mode: TInterviewMode; brand?: CompanyBrand | null };

function layout(title: string, companyName: string, body: string, brand: CompanyBrand | null = null) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<style>${style}${extraStyle}${brandPageCss(brand)}</style></head>
<body><header>${brand ? brandHeaderHtml(brand) : `<strong>${esc(companyName)}</strong>`}</header>
<main>${body}</main>
<footer class="meta">${brand ? brandFooterHtml(brand) : esc(companyName)}</footer></body></html>`;
}

const zones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

function zonePicker(action: string, timeZone: string) {
  const list = zones.includes(timeZone) ? zones : [timeZone, ...zones];
  const options = list.map((z) => `<option value="${esc(z)}"${z === timeZone ? ' selected' : ''}>${esc(z.replace(/_/g, ' '))}</option>`).join('');
  return `<form class="tz" method="get" action="${esc(action)}"><div><label for="tz">Your time zone</label><select id="tz" name="tz">${options}</select></div><button type="submit">Show times in this zone</button></form>`;
}

/** The free slots grouped by day, each a labelled radio button; the value is the slot's start in UTC. */
export function renderSlotPage({ info, action, timeZone, slots, error }: { info: SchedulePageInfo; action: string; timeZone: string; slots: TFreeSlot[]; error?: string }) {
  const days = new Map<string, string[]>();
  slots.forEach((slot, i) => {
    const start = DateTime.fromISO(slot.start, { setZone: true });
    const end = DateTime.fromISO(slot.end, { setZone: true });
    const day = start.setLocale('en-GB').toFormat('cccc, d LLLL yyyy');
    const utc = start.toUTC().toISO()!;
    const radio = `<label class="choice"><input type="radio" id="slot-${i}" name="slot" value="${esc(utc)}"${i === 0 ? ' required' : ''}> ${esc(start.toFormat('HH:mm'))}–${esc(end.toFormat('HH:mm'))}</label>`;
    days.set(day, [...(days.get(day) ?? []), radio]);
  });
  const groups = [...days].map(([day, radios]) => `<fieldset><legend>${esc(day)}</legend>${radios.join('')}</fieldset>`).join('');
  const form = slots.length
    ? `<form method="post" action="${esc(action)}"><input type="hidden" name="tz" value="${esc(timeZone)}"><h2>Free times (${esc(timeZone.replace(/_/g, ' '))})</h2>${groups}<button type="submit">Book this time</button></form>`
    : `<p class="notice" role="status">There are no free times left in this window. Please reply to the recruiter's mail to ask for other times.</p>`;
  const body = `<h1>Pick a time for your interview</h1>
<p class="meta">${esc(info.roundName || 'Interview')} · ${esc(info.jobTitle)} at ${esc(info.companyName)} · ${info.durationMinutes} minutes · ${esc(InterviewModeLabels[info.mode])}</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
${zonePicker(action, timeZone)}
${form}`;
  return layout(`Pick a time – ${info.companyName}`, info.companyName, body, info.brand);
}

export function renderBooked({ info, start, timeZone }: { info: SchedulePageInfo; start: string; timeZone: string }) {
  const when = DateTime.fromISO(start).setZone(timeZone).setLocale('en-GB').toFormat("cccc, d LLLL yyyy 'at' HH:mm");
  const body = `<h1>Your interview is booked</h1>
<p role="status">${esc(info.roundName || 'Interview')} for ${esc(info.jobTitle)} at ${esc(info.companyName)}: <strong>${esc(when)}</strong> (${esc(timeZone.replace(/_/g, ' '))}), ${info.durationMinutes} minutes, ${esc(InterviewModeLabels[info.mode].toLowerCase())}.</p>
<p>We have sent you an invitation by email with a calendar entry.</p>`;
  return layout(`Interview booked – ${info.companyName}`, info.companyName, body, info.brand);
}

/** An expired, used or unknown link: said plainly, nothing else on the page. */
export function renderLinkProblem({ companyName, title, message, brand = null }: { companyName: string; title: string; message: string; brand?: CompanyBrand | null }) {
  return layout(`${title}${companyName ? ` – ${companyName}` : ''}`, companyName || 'Interview scheduling', `<h1>${esc(title)}</h1><p>${esc(message)}</p>`, brand);
}
