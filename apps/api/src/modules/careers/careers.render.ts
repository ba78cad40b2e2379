import type { TApplyForm, TApplyQuestion } from '@hireflow/contracts/careers';
import { YesNoAnswers } from '@hireflow/contracts/candidates-questions';
import { EmploymentTypeLabels, EmploymentTypeSchemaOrg } from '@hireflow/contracts/jobs';
import { CandidateValidation, ResumeUpload } from '@hireflow/contracts/candidates';
import type { JobDoc } from '../jobs/job.model';
import { sanitizeDescription } from '../jobs/sanitize-description';
import { escapeHtml } from '../jobs/html-escape';
import { brandFooterHtml, brandHeaderHtml, brandPageCss, type CompanyBrand } from '../company/brand';

// Server-rendered, script-free pages: search engines and job boards read them as they are.

const esc = escapeHtml;

/** `brand` (modules/company/brand.ts) puts the logo, colour, about text, website and address on the pages. */
type Company = { name: string; slug?: string | null; website?: string | null; brand?: CompanyBrand | null; privacy?: { notice?: string | null; requireConsent?: boolean | null } | null };
type Place = { name: string; city?: string | null; country?: string | null } | null | undefined;

export const style = `body{font-family:Roboto,Arial,Helvetica,sans-serif;margin:0;color:#1f2a24;background:#f7faf8;line-height:1.5}
header,main,footer{max-width:760px;margin:0 auto;padding:16px 20px}header{border-bottom:1px solid #dfe9e3}
a{color:#1e6b45}h1{font-size:1.8rem;margin:.4em 0}ul.jobs{list-style:none;padding:0}ul.jobs li{background:#fff;border:1px solid #dfe9e3;border-radius:8px;padding:12px 16px;margin:8px 0}
.meta{color:#52625a;font-size:.95rem}form{background:#fff;border:1px solid #dfe9e3;border-radius:8px;padding:16px}label{display:block;margin:12px 0 4px;font-weight:500}
input[type=text],input[type=email],input[type=tel],textarea{width:100%;box-sizing:border-box;padding:8px;border:1px solid #b9cbbf;border-radius:6px;font:inherit}
button{margin-top:16px;background:#1e7a47;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit;cursor:pointer}
.error{background:#fdecec;border:1px solid #e8a1a1;color:#8a1c1c;padding:10px 14px;border-radius:6px}.hint{color:#52625a;font-size:.85rem}.captcha svg{background:#eef4f0;border-radius:6px}.pager{display:flex;gap:16px;align-items:center;margin:16px 0}.privacy-notice{background:#fff;border:1px solid #dfe9e3;border-radius:8px;padding:8px 16px;margin:12px 0;font-size:.95rem}`;

function layout({ title, description, canonical, company, body, head = '' }: { title: string; description: string; canonical: string; company: Company; body: string; head?: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><meta name="description" content="${esc(description)}"><link rel="canonical" href="${esc(canonical)}">
<link rel="alternate" type="application/rss+xml" title="${esc(company.name)} jobs" href="/careers/${esc(company.slug)}/feed.xml">
<style>${style}${brandPageCss(company.brand ?? null)}</style>${head}</head>
<body><header>${company.brand ? brandHeaderHtml(company.brand, { href: `/careers/${company.slug}`, suffix: ' careers' }) : `<a href="/careers/${esc(company.slug)}">${esc(company.name)} careers</a>`}</header>
<main>${body}</main>
<footer class="meta">${company.brand ? brandFooterHtml(company.brand) : esc(company.name)}<div><a href="/careers/${esc(company.slug)}/feed.xml">Job feed (RSS)</a> · <a href="/careers/${esc(company.slug)}/privacy">Your privacy: get a link to your data</a></div></footer></body></html>`;
}

const money = (n: number | null | undefined) => Number(n ?? 0).toLocaleString('en-US');
const placeText = (place: Place) => (place ? [place.name, place.country].filter(Boolean).join(', ') : '');
const paragraphs = (text: string) => text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${esc(p)}</p>`).join('');

type Paging = { page: number; pageCount: number; total: number };

/** Plain links to the previous and next pages (no script); rel lets crawlers follow them. */
function pager(slug: string | null | undefined, { page, pageCount }: Paging) {
  if (pageCount <= 1) return '';
  const href = (n: number) => (n === 1 ? `/careers/${esc(slug)}` : `/careers/${esc(slug)}?page=${n}`);
  const prev = page > 1 ? `<a href="${href(page - 1)}" rel="prev">← Previous page</a>` : '';
  const next = page < pageCount ? `<a href="${href(page + 1)}" rel="next">Next page →</a>` : '';
  return `<nav class="pager" aria-label="Pages">${prev} <span>Page ${page} of ${pageCount}</span> ${next}</nav>`;
}

/** The company's own words (company profile: about text and website) under the list. */
function aboutSection(company: Company) {
  const about = company.brand?.about ?? '';
  const website = company.brand?.website || company.website || '';
  if (!about && !website) return '';
  const link = website ? `<p><a href="${esc(website)}" rel="noopener">Visit ${esc(website.replace(/^https?:\/\//, ''))}</a></p>` : '';
  return `<section class="about" aria-labelledby="about"><h2 id="about">About ${esc(company.name)}</h2>${paragraphs(about)}${link}</section>`;
}

export function renderJobList({ company, intro, jobs, places, paging, baseUrl }: { company: Company; intro: string; jobs: JobDoc[]; places: Map<string, Place>; paging: Paging; baseUrl: string }) {
  const items = jobs
    .map((job) => {
      const place = placeText(places.get(String(job.locationId)));
      return `<li><a href="/careers/${esc(company.slug)}/${job._id}"><strong>${esc(job.title)}</strong></a><div class="meta">${esc([place, EmploymentTypeLabels[job.employmentType]].filter(Boolean).join(' · '))}</div></li>`;
    })
    .join('');
  const body = `<h1>Jobs at ${esc(company.name)}</h1>${paging.page === 1 ? paragraphs(intro) : ''}
<h2>Open positions (${paging.total})</h2>${jobs.length ? `<ul class="jobs">${items}</ul>` : '<p>There are no open positions right now. Please check back soon.</p>'}${pager(company.slug, paging)}${paging.page === 1 ? aboutSection(company) : ''}`;
  const canonical = `${baseUrl}/careers/${company.slug}${paging.page > 1 ? `?page=${paging.page}` : ''}`;
  const title = `Jobs at ${company.name}${paging.page > 1 ? ` – page ${paging.page}` : ''}`;
  return layout({ title, description: intro.slice(0, 160) || `Open positions at ${company.name}`, canonical, company, body });
}

/** schema.org JobPosting (Google for Jobs); `<` is escaped so the JSON cannot close its script tag. */
export function jobPostingJsonLd({ company, job, place, url }: { company: Company; job: JobDoc; place: Place; url: string }) {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: sanitizeDescription(job.description || `<p>${esc(job.title)}</p>`),
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(job._id) },
    datePosted: (job.openedAt ?? job.createdAt).toISOString().slice(0, 10),
    employmentType: EmploymentTypeSchemaOrg[job.employmentType],
    hiringOrganization: { '@type': 'Organization', name: company.name, ...(company.website ? { sameAs: company.website } : {}) },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: place?.city || place?.name || '', ...(place?.country ? { addressCountry: place.country } : {}) } },
    directApply: true,
    url,
  };
  if (job.salaryBand?.currency) {
    data.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: job.salaryBand.currency,
      value: { '@type': 'QuantitativeValue', minValue: job.salaryBand.min, maxValue: job.salaryBand.max, unitText: 'YEAR' },
    };
  }
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export type ApplyValues = { firstName?: string; lastName?: string; email?: string; phone?: string; answers?: Record<string, string>; consent?: boolean };

export function renderJobPage({
  company,
  job,
  place,
  form,
  captcha,
  values = {},
  error,
  baseUrl,
}: {
  company: Company;
  job: JobDoc;
  place: Place;
  form: TApplyForm;
  captcha: { capId: string; svg: string };
  values?: ApplyValues;
  error?: string;
  baseUrl: string;
}) {
  const url = `${baseUrl}/careers/${company.slug}/${job._id}`;
  const req = (required: boolean) => (required ? ' required' : '');
  const field = (name: string, label: string, type: string, required: boolean, value = '', extra = '') =>
    `<label for="${name}">${esc(label)}${required ? ' *' : ''}</label><input id="${name}" name="${name}" type="${type}" value="${esc(value)}"${req(required)}${extra}>`;
  const questions = form.questions.map((q) => renderQuestion(q, values.answers?.[q.id] ?? '')).join('');
  const meta = [placeText(place), EmploymentTypeLabels[job.employmentType], job.salaryBand?.currency ? `${money(job.salaryBand.min)}–${money(job.salaryBand.max)} ${job.salaryBand.currency} a year` : '']
    .filter(Boolean)
    .join(' · ');
  const body = `<p><a href="/careers/${esc(company.slug)}">← All jobs at ${esc(company.name)}</a></p>
<h1>${esc(job.title)}</h1><p class="meta">${esc(meta)}</p>
<section>${sanitizeDescription(job.description ?? '')}</section>
<h2 id="apply">Apply for this job</h2>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/careers/${esc(company.slug)}/${job._id}/apply#apply" enctype="multipart/form-data">
${field('firstName', 'First name', 'text', true, values.firstName, ' autocomplete="given-name" maxlength="80"')}
${field('lastName', 'Last name', 'text', true, values.lastName, ' autocomplete="family-name" maxlength="80"')}
${field('email', 'Email', 'email', true, values.email, ' autocomplete="email" maxlength="254"')}
${form.phone !== 'hidden' ? field('phone', 'Phone', 'tel', form.phone === 'required', values.phone, ' autocomplete="tel" maxlength="24"') : ''}
${form.resume !== 'hidden' ? `<label for="resume">Resume (PDF or DOCX, up to ${ResumeUpload.maxBytes / 1024 / 1024} MB)${form.resume === 'required' ? ' *' : ''}</label><input id="resume" name="resume" type="file" accept="${ResumeUpload.accept}"${req(form.resume === 'required')}>` : ''}
${questions}
<label for="captchaText">Type the characters you see</label><div class="captcha" aria-hidden="true">${captcha.svg}</div>
<input id="captchaText" name="captchaText" type="text" autocomplete="off" required maxlength="20"><input type="hidden" name="captchaId" value="${esc(captcha.capId)}">
${consentHtml(company, values.consent ?? false)}
<button type="submit">Submit application</button></form>`;
  return layout({
    title: `${job.title} – ${company.name}`,
    description: `${job.title} at ${company.name}${meta ? ` (${meta})` : ''}`,
    canonical: url,
    company,
    body,
    head: `<script type="application/ld+json">${jobPostingJsonLd({ company, job, place, url })}</script>`,
  });
}

/** The company's privacy notice (privacy settings) above the consent box; the box is required when the company requires consent. */
function consentHtml(company: Company, checked: boolean) {
  const required = company.privacy?.requireConsent ?? true;
  const notice = (company.privacy?.notice ?? '').trim();
  const noticeHtml = notice ? `<div class="privacy-notice" id="privacy-notice"><strong>How we handle your data</strong>${notice.split(/\n\s*\n/).map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('')}</div>` : '';
  const describedBy = notice ? ' aria-describedby="privacy-notice"' : '';
  return `${noticeHtml}<label><input type="checkbox" name="consent" value="yes"${required ? ' required' : ''}${checked ? ' checked' : ''}${describedBy}> I agree that ${esc(company.name)} stores my details to consider my application${required ? '' : ' and future openings (optional)'}.</label>`;
}

export function renderApplied({ company, job, baseUrl }: { company: Company; job: JobDoc; baseUrl: string }) {
  const body = `<h1>Thank you for applying</h1><p>We received your application for <strong>${esc(job.title)}</strong> at ${esc(company.name)} and sent you a confirmation email.</p><p><a href="/careers/${esc(company.slug)}">See all open positions</a></p>`;
  return layout({ title: `Application received – ${company.name}`, description: 'Application received', canonical: `${baseUrl}/careers/${company.slug}/${job._id}`, company, body });
}

export function renderNotFound(what: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title><meta name="robots" content="noindex"></head><body><main><h1>${esc(what)} not found</h1><p>The page you are looking for is not here. It may have been closed.</p></main></body></html>`;
}

export function renderFeed({ company, jobs, places, baseUrl }: { company: Company; jobs: JobDoc[]; places: Map<string, Place>; baseUrl: string }) {
  const site = `${baseUrl}/careers/${company.slug}`;
  const items = jobs
    .map((job) => {
      const link = `${site}/${job._id}`;
      const place = placeText(places.get(String(job.locationId)));
      const text = sanitizeDescription(job.description ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 500);
      return `<item><title>${esc(job.title)}</title><link>${esc(link)}</link><guid isPermaLink="true">${esc(link)}</guid><pubDate>${(job.openedAt ?? job.createdAt).toUTCString()}</pubDate>${place ? `<category>${esc(place)}</category>` : ''}<description>${esc(text)}</description></item>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${esc(company.name)} jobs</title><link>${esc(site)}</link><description>Open positions at ${esc(company.name)}</description><atom:link href="${esc(site)}/feed.xml" rel="self" type="application/rss+xml"/>${items}</channel></rss>`;
}

/** One apply-form question as its type asks (free text when it has none: questions from before the bank). */
function renderQuestion(q: TApplyQuestion, value: string) {
  const id = `q-${esc(q.id)}`;
  const name = `q_${esc(q.id)}`;
  const star = q.required ? ' *' : '';
  const required = q.required ? ' required' : '';
  const label = `<label for="${id}">${esc(q.label)}${star}</label>`;
  switch (q.type) {
    case 'short_text':
      return `${label}<input id="${id}" name="${name}" type="text" maxlength="${CandidateValidation.maxAnswerLength}" value="${esc(value)}"${required}>`;
    case 'number':
      return `${label}<input id="${id}" name="${name}" type="number" step="any" inputmode="decimal" value="${esc(value)}"${required}>`;
    case 'yes_no':
    case 'single_choice': {
      const choices = q.type === 'yes_no' ? [...YesNoAnswers] : (q.options ?? []);
      const radios = choices
        .map((c, i) => `<label class="choice"><input type="radio" id="${id}-${i}" name="${name}" value="${esc(c)}"${c === value ? ' checked' : ''}${i === 0 ? required : ''}> ${esc(c)}</label>`)
        .join('');
      return `<fieldset id="${id}"><legend>${esc(q.label)}${star}</legend>${radios}</fieldset>`;
    }
    default:
      return `${label}<textarea id="${id}" name="${name}" rows="3"${required}>${esc(value)}</textarea>`;
  }
}
