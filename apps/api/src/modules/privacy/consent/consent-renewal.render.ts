import { style } from '../../careers/careers.render';
import { escapeHtml as esc } from '../../jobs/html-escape';
import { brandFooterHtml, brandHeaderHtml, brandPageCss, type CompanyBrand } from '../../company/brand';

// The candidate's consent renewal page: server-rendered like the career site and the survey, no script, no sign-in.

const extraStyle = `.notice{background:#eef7f1;border:1px solid #a9d6b9;padding:10px 14px;border-radius:6px}`;

function layout(title: string, brand: CompanyBrand | null, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<style>${style}${extraStyle}${brandPageCss(brand)}</style></head>
<body><header>${brand ? brandHeaderHtml(brand) : '<strong>Your data</strong>'}</header>
<main>${body}</main>
${brand ? `<footer class="meta">${brandFooterHtml(brand)}</footer>` : ''}</body></html>`;
}

const titleOf = (title: string, brand: CompanyBrand | null) => `${title}${brand ? ` – ${brand.name}` : ''}`;

/** The one button: GET shows it and changes nothing (mail scanners open links); the form posts back to renew. */
export function renderRenewalPage({ brand, firstName, consented, expiresOn, keepsFor, action }: { brand: CompanyBrand | null; firstName: string; consented: boolean; expiresOn: string | null; keepsFor: string; action: string }) {
  const company = brand?.name ?? 'The company';
  const why = consented
    ? `You agreed that ${esc(company)} keeps your details to consider you for jobs.${expiresOn ? ` That consent ends on ${esc(expiresOn)}.` : ''}`
    : `${esc(company)} keeps your details to consider you for jobs. You can agree to it here.`;
  const body = `<h1>Keep your details with ${esc(company)}?</h1>
<p>Hello ${esc(firstName)},</p>
<p>${why}</p>
<p>Press the button to let ${esc(company)} keep your details ${esc(keepsFor)}. If you do nothing, they are no longer kept on the basis of your consent.</p>
<form method="post" action="${esc(action)}"><button type="submit">Keep my details</button></form>`;
  return layout(titleOf('Keep your details', brand), brand, body);
}

export function renderRenewed({ brand, message, until }: { brand: CompanyBrand | null; message: string; until: string | null }) {
  const body = `<h1>Thank you</h1><p class="notice" role="status">${esc(message)}</p>${until ? `<p>We keep your details until ${esc(until)}, unless you ask us to erase them sooner.</p>` : ''}`;
  return layout(titleOf('Consent renewed', brand), brand, body);
}

/** An unknown or expired link, or nothing left to renew: said plainly, nothing else on the page. */
export function renderRenewalProblem({ brand = null, title, message }: { brand?: CompanyBrand | null; title: string; message: string }) {
  return layout(titleOf(title, brand), brand, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`);
}
