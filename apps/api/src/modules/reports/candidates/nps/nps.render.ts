import { NpsRules } from '@hireflow/contracts/reports';
import { style } from '../../../careers/careers.render';
import { escapeHtml as esc } from '../../../jobs/html-escape';
import { brandFooterHtml, brandHeaderHtml, brandPageCss, type CompanyBrand } from '../../../company/brand';

// The candidate's survey page: server-rendered like the career site, no script, no sign-in.

const extraStyle = `fieldset{border:1px solid #dfe9e3;border-radius:8px;margin:12px 0;padding:8px 16px}legend{font-weight:600;padding:0 4px}
.scale{display:flex;flex-wrap:wrap;gap:4px}.scale label{display:flex;flex-direction:column;align-items:center;font-weight:400;min-width:2.4em;margin:4px 0;cursor:pointer}
.ends{display:flex;justify-content:space-between;color:#52625a;font-size:.9rem}textarea{width:100%;box-sizing:border-box;min-height:7em;padding:8px;border:1px solid #b9cbbf;border-radius:6px;font:inherit}
.notice{background:#eef7f1;border:1px solid #a9d6b9;padding:10px 14px;border-radius:6px}`;

function layout(title: string, companyName: string, body: string, brand: CompanyBrand | null = null) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<style>${style}${extraStyle}${brandPageCss(brand)}</style></head>
<body><header>${brand ? brandHeaderHtml(brand) : `<strong>${esc(companyName || 'Candidate survey')}</strong>`}</header>
<main>${body}</main>
${brand ? `<footer class="meta">${brandFooterHtml(brand)}</footer>` : companyName ? `<footer class="meta">${esc(companyName)}</footer>` : ''}</body></html>`;
}

/** `brand`: the company's logo, colour and address (modules/company/brand.ts); without it the name alone. */
export type SurveyPageInfo = { companyName: string; jobTitle: string; brand?: CompanyBrand | null };

export const surveyQuestion = (companyName: string) => `How likely are you to recommend ${companyName || 'this company'} to a friend as a place to apply to?`;

/** The question: eleven labelled radio buttons 0..10 in a fieldset, and an optional comment. */
export function renderSurveyPage({ info, action, error, score = '', comment = '' }: { info: SurveyPageInfo; action: string; error?: string; score?: string; comment?: string }) {
  const radios = Array.from({ length: 11 }, (_, n) => {
    const checked = score === String(n) ? ' checked' : '';
    return `<label for="score-${n}"><input type="radio" id="score-${n}" name="score" value="${n}"${n === 0 ? ' required' : ''}${checked}> ${n}</label>`;
  }).join('');
  const body = `<h1>Your experience as a candidate</h1>
<p class="meta">${info.jobTitle ? `${esc(info.jobTitle)} at ` : ''}${esc(info.companyName)}</p>
${error ? `<p class="error" role="alert" id="survey-error">${esc(error)}</p>` : ''}
<form method="post" action="${esc(action)}">
<fieldset aria-describedby="scale-ends${error ? ' survey-error' : ''}"><legend>${esc(surveyQuestion(info.companyName))}</legend>
<p class="ends" id="scale-ends"><span>0 = not at all likely</span><span>10 = extremely likely</span></p>
<div class="scale">${radios}</div>
</fieldset>
<label for="comment">What could we do better? (optional)</label>
<textarea id="comment" name="comment" maxlength="${NpsRules.commentMax}">${esc(comment)}</textarea>
<button type="submit">Send my answer</button>
</form>`;
  return layout(`Your experience – ${info.companyName}`, info.companyName, body, info.brand);
}

export function renderSurveyThanks({ companyName, message, brand = null }: { companyName: string; message: string; brand?: CompanyBrand | null }) {
  return layout(`Thank you${companyName ? ` – ${companyName}` : ''}`, companyName, `<h1>Thank you</h1><p role="status">${esc(message)}</p>`, brand);
}

/** An expired or unknown link: said plainly, nothing else on the page. */
export function renderSurveyProblem({ companyName, title, message, brand = null }: { companyName: string; title: string; message: string; brand?: CompanyBrand | null }) {
  return layout(`${title}${companyName ? ` – ${companyName}` : ''}`, companyName, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`, brand);
}
