import { PrivacyPages } from '@hireflow/contracts/privacy';
import { style } from '../../careers/careers.render';
import { escapeHtml as esc } from '../../jobs/html-escape';
import { brandFooterHtml, brandHeaderHtml, brandPageCss, type CompanyBrand } from '../../company/brand';

// The candidate's privacy pages: server-rendered like the career site, no script, no sign-in. Forms post back.

const extraStyle = `section{background:#fff;border:1px solid #dfe9e3;border-radius:8px;padding:4px 16px 12px;margin:16px 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:500}dd{margin:0}
.notice{background:#eef7f1;border:1px solid #a9d6b9;padding:10px 14px;border-radius:6px}.check{display:flex;gap:8px;align-items:flex-start;font-weight:400}
a.button{display:inline-block;margin-top:8px;border-radius:6px;padding:10px 18px;text-decoration:none;background:#1e7a47;color:#fff}`;

/** `home`: where the header's name links (the career site), when the company has one. */
export type PageFrame = { brand: CompanyBrand | null; home?: string | null };

function layout(title: string, frame: PageFrame, body: string) {
  const { brand } = frame;
  const buttonLink = brand ? `a.button{background:${brand.color};color:${brand.textColor}}` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<style>${style}${extraStyle}${brandPageCss(brand)}${buttonLink}</style></head>
<body><header>${brand ? brandHeaderHtml(brand, frame.home ? { href: frame.home } : {}) : '<strong>Your data</strong>'}</header>
<main>${body}</main>
${brand ? `<footer class="meta">${brandFooterHtml(brand)}</footer>` : ''}</body></html>`;
}

const titled = (title: string, brand: CompanyBrand | null) => (brand ? `${title} – ${brand.name}` : title);

/** Plain text as HTML: escaped, paragraphs on blank lines, single line breaks kept. */
export const textAsHtml = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');

/** A page that only says something (unknown or expired link, erased data, too many attempts). */
export function renderPrivacyMessage({ frame, title, message, requestLinkSlug = null }: { frame: PageFrame; title: string; message: string; requestLinkSlug?: string | null }) {
  const ask = requestLinkSlug ? `<p><a href="${esc(PrivacyPages.requestLink(requestLinkSlug))}">Get a fresh link to your data</a></p>` : '';
  return layout(titled(title, frame.brand), frame, `<h1>${esc(title)}</h1><p>${esc(message)}</p>${ask}`);
}

export type PrivacySummary = {
  firstName: string;
  companyName: string;
  applications: { jobTitle: string; appliedAt: string }[];
  files: number;
  mails: number;
  consent: { legalBasis: string | null; since: string | null; until: string | null; source: string };
  notice: string;
  /** The erasure request as the candidate sees it: none, one waiting (answered by), or the last one refused. */
  erasure: { state: 'none' } | { state: 'pending'; requestedAt: string; dueAt: string } | { state: 'refused'; decidedAt: string; reason: string };
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summarySection(s: PrivacySummary) {
  const apps = s.applications.length
    ? `<ul>${s.applications.map((a) => `<li>${esc(a.jobTitle)} <span class="meta">(applied ${esc(a.appliedAt)})</span></li>`).join('')}</ul>`
    : '<p>No applications.</p>';
  const consent = s.consent.legalBasis
    ? `<dl><dt>Legal basis</dt><dd>${esc(s.consent.legalBasis)}</dd>
<dt>Since</dt><dd>${esc(s.consent.since ?? 'Not recorded')}</dd>
<dt>Until</dt><dd>${esc(s.consent.until ?? 'No end date')}</dd>${s.consent.source ? `<dt>Given through</dt><dd>${esc(s.consent.source)}</dd>` : ''}</dl>`
    : '<p>No legal basis is recorded yet.</p>';
  return `<section aria-labelledby="held"><h2 id="held">What ${esc(s.companyName)} holds about you</h2>
<p>Your profile (name and contact details), ${esc(count(s.applications.length, 'application', 'applications'))}, ${esc(count(s.files, 'file', 'files'))} and ${esc(count(s.mails, 'mail', 'mails'))} sent to you.</p>
<h3>Applications</h3>${apps}
<h3>Why we keep your data</h3>${consent}</section>`;
}

function erasureSection(s: PrivacySummary, eraseAction: string, error?: string) {
  if (s.erasure.state === 'pending') {
    return `<section aria-labelledby="erase"><h2 id="erase">Erasure</h2><p class="notice" role="status">You asked for erasure on ${esc(s.erasure.requestedAt)}. ${esc(s.companyName)} answers by ${esc(s.erasure.dueAt)} and tells you by mail.</p></section>`;
  }
  const refused = s.erasure.state === 'refused' ? `<p>Your last request was refused on ${esc(s.erasure.decidedAt)}: ${esc(s.erasure.reason)}</p>` : '';
  return `<section aria-labelledby="erase"><h2 id="erase">Ask for erasure</h2>${refused}
<p>${esc(s.companyName)} will remove your name, contact details, files, answers and mails. This cannot be undone, and you will not be considered for jobs any more. The company answers within 30 days.</p>
${error ? `<p class="error" role="alert" id="erase-error">${esc(error)}</p>` : ''}
<form method="post" action="${esc(eraseAction)}">
<label class="check" for="confirm"><input type="checkbox" id="confirm" name="confirm" value="yes" required${error ? ' aria-describedby="erase-error"' : ''}> I want ${esc(s.companyName)} to erase my data</label>
<button type="submit">Ask for erasure</button>
</form></section>`;
}

/** The candidate's page: what the company holds, its privacy notice, the download and the erasure request. */
export function renderPrivacyPage({ frame, summary, token, status, error }: { frame: PageFrame; summary: PrivacySummary; token: string; status?: string; error?: string }) {
  const notice = summary.notice.trim() ? `<section aria-labelledby="notice"><h2 id="notice">Privacy notice</h2>${textAsHtml(summary.notice)}</section>` : '';
  const body = `<h1>Your data at ${esc(summary.companyName)}</h1>
<p>This page is for ${esc(summary.firstName)}. Anyone with this link can see it: do not forward it.</p>
${status ? `<p class="notice" role="status">${esc(status)}</p>` : ''}
${summarySection(summary)}
<section aria-labelledby="download"><h2 id="download">Download your data</h2><p>A ZIP file with everything above as JSON, and your files.</p>
<a class="button" href="${esc(PrivacyPages.download(token))}" download>Download my data</a></section>
${erasureSection(summary, PrivacyPages.erase(token), error)}
${notice}`;
  return layout(titled('Your data', frame.brand), frame, body);
}

/** The career site's form: enter one's email to get a fresh link. */
export function renderRequestLinkForm({ frame, action, email = '', error, status }: { frame: PageFrame; action: string; email?: string; error?: string; status?: string }) {
  const body = `<h1>Get a link to your data</h1>
<p>Enter the email address you applied with. We send a link to it where you can see and download your data, or ask us to erase it.</p>
${status ? `<p class="notice" role="status">${esc(status)}</p>` : ''}
${error ? `<p class="error" role="alert" id="email-error">${esc(error)}</p>` : ''}
<form method="post" action="${esc(action)}">
<label for="email">Your email address</label>
<input type="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${esc(email)}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
<button type="submit">Send me a link</button>
</form>`;
  return layout(titled('Your privacy', frame.brand), frame, body);
}

/** The mail with a fresh link (the brand and the footer link are added by brandMailOf). */
export function privacyLinkMail({ firstName, companyName, url, validDays }: { firstName: string; companyName: string; url: string; validDays: number }) {
  const subject = `Your data at ${companyName}`;
  const text = `Hello ${firstName},\n\nYou asked for a link to the data ${companyName} holds about you. Open it to see and download your data, or to ask for erasure:\n\n${url}\n\nThe link works for ${validDays} days. If you did not ask for it, you can ignore this mail.`;
  const html = `<p>Hello ${esc(firstName)},</p><p>You asked for a link to the data ${esc(companyName)} holds about you. Open it to see and download your data, or to ask for erasure:</p>
<p><a href="${esc(url)}" style="font-weight:600">See my data</a></p><p style="font-size:12px">${esc(url)}</p>
<p>The link works for ${validDays} days. If you did not ask for it, you can ignore this mail.</p>`;
  return { subject, text, html };
}
