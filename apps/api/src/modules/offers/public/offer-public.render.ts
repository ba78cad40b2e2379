import { OfferLimits } from '@hireflow/contracts/offers';
import { OfferPublicForm } from '@hireflow/contracts/offers-letter';
import { style } from '../../careers/careers.render';
import { escapeHtml as esc } from '../../jobs/html-escape';
import type { LetterContent } from '../letter/letter-content';
import { brandFooterHtml, brandHeaderHtml, brandPageCss, type CompanyBrand } from '../../company/brand';

// The candidate's offer page: server-rendered like the career site, no script, no sign-in.

/** The company as the page shows it (modules/company/brand.ts): logo, colour, name and address. */
export type PageCompany = CompanyBrand;

const extraStyle = `.letter{overflow-wrap:anywhere;background:#fff;border:1px solid #dfe9e3;border-radius:8px;padding:16px 24px;margin:16px 0}
table.terms{border-collapse:collapse;width:100%;margin:12px 0}table.terms th{text-align:left;color:#52625a;font-weight:600;padding:6px 12px 6px 0;vertical-align:top;width:30%}table.terms td{padding:6px 0}table.terms tr+tr{border-top:1px solid #eef2ef}
.notice{background:#eef7f1;border:1px solid #a9d6b9;padding:10px 14px;border-radius:6px}label.check{display:flex;gap:8px;align-items:flex-start;font-weight:400}
form{margin:16px 0}`;

function layout(title: string, company: PageCompany | null, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<style>${style}${extraStyle}${brandPageCss(company)}button.secondary{background:#fff;color:#8a1c1c;border:1px solid #e8a1a1}</style></head>
<body><header>${company ? brandHeaderHtml(company) : '<strong>Offer</strong>'}</header>
<main>${body}</main>
${company ? `<footer class="meta">${brandFooterHtml(company)}</footer>` : ''}</body></html>`;
}

/** The letter as HTML: the same content the PDF holds (letter-content.ts). */
function letterHtml(content: LetterContent) {
  const rows = content.terms.map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td>${esc(value).replace(/\n/g, '<br>')}</td></tr>`).join('');
  return `<article class="letter" aria-label="Offer letter">
<p class="meta">${esc(content.date)}</p>
<h2>${esc(content.title)}</h2>
${content.paragraphs.map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<h3>Compensation and terms</h3>
<table class="terms">${rows}</table>
<p><strong>${esc(content.expiryLine)}</strong></p>
</article>`;
}

export type OfferPageInput = {
  company: PageCompany;
  content: LetterContent;
  paths: { letter: string; accept: string; decline: string };
  error?: string;
  typedName?: string;
};

/** The open offer: the letter, its PDF, the expiry, a form to accept by typed signature and one to decline. */
export function renderOfferPage({ company, content, paths, error, typedName = '' }: OfferPageInput) {
  const body = `<h1>Your offer from ${esc(company.name)}</h1>
<p class="meta">${esc(content.expiryLine)} <a href="${esc(paths.letter)}">Download the offer letter (PDF)</a></p>
${letterHtml(content)}
<h2 id="accept">Accept the offer</h2>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(paths.accept)}">
<label for="${OfferPublicForm.typedName}">Type your full name</label>
<input type="text" id="${OfferPublicForm.typedName}" name="${OfferPublicForm.typedName}" value="${esc(typedName)}" required maxlength="${OfferLimits.maxSignatureLength}" autocomplete="name">
<p class="hint">Type it as it appears on the offer: ${esc(content.candidateName)}. It is your electronic signature.</p>
<label class="check"><input type="checkbox" name="${OfferPublicForm.agree}" value="yes" required> I accept this offer and sign it electronically</label>
<button type="submit">Accept and sign</button>
</form>
<h2 id="decline">Decline the offer</h2>
<form method="post" action="${esc(paths.decline)}">
<label for="${OfferPublicForm.reason}">Reason (optional)</label>
<textarea id="${OfferPublicForm.reason}" name="${OfferPublicForm.reason}" rows="3" maxlength="${OfferLimits.maxReasonLength}"></textarea>
<button type="submit" class="secondary">Decline the offer</button>
</form>`;
  return layout(`Your offer – ${company.name}`, company, body);
}

/** Accepted: said plainly, with the signed copy (once stamped) and, below it, the onboarding section. */
export function renderAcceptedPage({ company, message, signedPath, letterPath, onboardingHtml }: { company: PageCompany; message: string; signedPath: string | null; letterPath: string; onboardingHtml: string }) {
  const copy = signedPath
    ? `<p><a href="${esc(signedPath)}">Download your signed offer letter (PDF)</a></p>`
    : `<p>Your signed copy is being prepared and will be emailed to you. <a href="${esc(letterPath)}">The offer letter (PDF)</a></p>`;
  return layout(`Offer accepted – ${company.name}`, company, `<h1>Offer accepted</h1><p class="notice" role="status">${esc(message)}</p>${copy}${onboardingHtml}`);
}

/** Declined, expired, withdrawn or already decided: the one sentence that says so, with the company named. */
export function renderOfferNotice({ company, title, message, letterPath }: { company: PageCompany; title: string; message: string; letterPath?: string }) {
  const letter = letterPath ? `<p><a href="${esc(letterPath)}">The offer letter (PDF)</a></p>` : '';
  return layout(`${title} – ${company.name}`, company, `<h1>${esc(title)}</h1><p role="status">${esc(message)}</p>${letter}`);
}

/** An unknown, guessed or dead link: the message alone, nothing about any company. */
export function renderInvalidLink(message: string, title = 'Offer link not valid') {
  return layout(title, null, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`);
}
