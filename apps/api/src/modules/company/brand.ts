import { createPrivacyLink } from '../privacy/privacy-link';
import type { Types } from 'mongoose';
import { BrandTextColor } from '@hireflow/contracts/company';
import { escapeHtml as esc } from '../jobs/html-escape';
import { Customer, type CustomerDoc } from '../org/customer.model';
import { brandColorOf, logoPathOf } from './company.presenter';

/**
 * The company as candidates see it: on the career site, the offer, self-scheduling and survey pages, and in
 * the mails sent to them. Every candidate-facing page and mail takes it from here, never from Customer itself.
 */
export type CompanyBrand = {
  name: string;
  /** "#rrggbb" that passed the contrast check (or the default): backgrounds of white text, and links. */
  color: string;
  textColor: string;
  /** The logo on the site's own pages (same origin: the pages' CSP allows 'self'), or null. */
  logoPath: string | null;
  /** The logo for mails (absolute, through PUBLIC_URL), or null. */
  logoUrl: string | null;
  website: string;
  about: string;
  /** The postal address as lines ("1 Launch Way", "10115 Berlin", "DE"), empty without one. */
  addressLines: string[];
};

type BrandSource = Pick<CustomerDoc, '_id' | 'name'> & Partial<Pick<CustomerDoc, 'website' | 'profile' | 'branding'>>;
const brandFields = { name: 1, website: 1, profile: 1, branding: 1 } as const;

export function addressLinesOf(address: Partial<Record<'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country', string | null>> | null | undefined): string[] {
  if (!address) return [];
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, [town, address.region].filter(Boolean).join(', '), address.country].map((l) => (l ?? '').trim()).filter(Boolean);
}

/** The brand of an already loaded company (the career site has it). */
export function brandFrom(customer: BrandSource, publicUrl: string): CompanyBrand {
  const logoPath = logoPathOf(customer);
  return {
    name: customer.name,
    color: brandColorOf(customer).color,
    textColor: BrandTextColor,
    logoPath,
    // A mail needs an absolute address: without the site's public URL it shows the name instead.
    logoUrl: logoPath && /^https?:\/\//.test(publicUrl) ? `${publicUrl.replace(/\/$/, '')}${logoPath}` : null,
    website: customer.website ?? '',
    about: customer.profile?.about ?? '',
    addressLines: addressLinesOf(customer.profile?.address),
  };
}

/** The brand of a company by id; null when there is no such company. */
export async function brandOf(customerId: Types.ObjectId | string, publicUrl: string): Promise<CompanyBrand | null> {
  const customer = await Customer.findById(customerId, brandFields).lean();
  return customer ? brandFrom(customer, publicUrl) : null;
}

// ---------- Server-rendered pages (career site, offer, self-scheduling, survey) ----------

/** CSS that puts the brand colour on the header, buttons and links (appended after a page's own style). */
export function brandPageCss(brand: CompanyBrand | null): string {
  if (!brand) return '';
  // The colour is "#rrggbb" (checked when saved and again when read), so it is safe inside the style element.
  const c = brand.color;
  return `header{border-bottom:4px solid ${c}}header a,header strong{color:${c};text-decoration:none;font-weight:600}header .brand{display:flex;align-items:center;gap:12px}header img.logo{max-height:48px;max-width:180px}
a{color:${c}}button{background:${c};color:${brand.textColor}}button.secondary{background:#fff;color:${c};border:1px solid ${c}}h1{color:${c}}footer address{font-style:normal}`;
}

/** The header's content: the logo (when there is one) and the name, linking to `href` when given. */
export function brandHeaderHtml(brand: CompanyBrand, { href, suffix = '' }: { href?: string; suffix?: string } = {}): string {
  const logo = brand.logoPath ? `<img class="logo" src="${esc(brand.logoPath)}" alt="${esc(brand.name)} logo">` : '';
  const name = `<strong>${esc(brand.name)}${esc(suffix)}</strong>`;
  return href ? `<a class="brand" href="${esc(href)}">${logo}${name}</a>` : `<span class="brand">${logo}${name}</span>`;
}

/** The footer's company lines: name, address and website. */
export function brandFooterHtml(brand: CompanyBrand): string {
  const website = brand.website ? ` · <a href="${esc(brand.website)}" rel="noopener">${esc(brand.website.replace(/^https?:\/\//, ''))}</a>` : '';
  const address = brand.addressLines.length ? `<address>${brand.addressLines.map(esc).join(', ')}</address>` : '';
  return `<div>${esc(brand.name)}${website}</div>${address}`;
}

// ---------- Mails to candidates ----------

/**
 * A candidate mail in the company's brand: a header with the logo (or the name) over a bar in the brand
 * colour, the body, and a footer with the company's name and address. The text part gets the same footer.
 * Inline styles only: mail clients drop style elements.
 */
export function brandCandidateMail<M extends { html: string; text: string }>(brand: CompanyBrand | null, mail: M, privacyUrl?: string): M {
  if (!brand) return withPrivacyLine(mail, privacyUrl);
  const c = brand.color;
  const head = brand.logoUrl
    ? `<img src="${esc(brand.logoUrl)}" alt="${esc(brand.name)}" style="max-height:64px;max-width:200px;border:0;display:block">`
    : `<span style="font-size:20px;font-weight:600;color:${c}">${esc(brand.name)}</span>`;
  const footerLines = [brand.name, ...brand.addressLines, ...(brand.website ? [brand.website] : [])];
  const html = [
    `<div style="font-family:Roboto,Arial,Helvetica,sans-serif;max-width:600px;margin:0 auto;color:#1f2a24">`,
    `<div style="padding:16px 0;border-bottom:4px solid ${c}" class="brand-header">${head}</div>`,
    `<div style="padding:16px 0">${mail.html}</div>`,
    `<div style="border-top:1px solid #dfe9e3;padding:12px 0;font-size:12px;color:#52625a" class="brand-footer">${footerLines.map(esc).join('<br>')}${privacyUrl ? `<br><br>${privacyLineHtml(privacyUrl)}` : ''}</div>`,
    `</div>`,
  ].join('\n');
  const text = `${mail.text}\n\n--\n${footerLines.join('\n')}${privacyUrl ? `\n\n${PrivacyLineText}: ${privacyUrl}` : ''}`;
  return { ...mail, html, text };
}

const PrivacyLineText = 'Your data with us: see it, download it or ask us to erase it';
const privacyLineHtml = (url: string) => `<a href="${esc(url)}" style="color:#52625a" class="privacy-link">${PrivacyLineText}</a>`;

/** An unbranded mail still carries the candidate's privacy link. */
function withPrivacyLine<M extends { html: string; text: string }>(mail: M, privacyUrl?: string): M {
  if (!privacyUrl) return mail;
  return { ...mail, html: `${mail.html}\n<p style="font-size:12px;color:#52625a">${privacyLineHtml(privacyUrl)}</p>`, text: `${mail.text}\n\n--\n${PrivacyLineText}: ${privacyUrl}` };
}

/**
 * brandCandidateMail for a company by id, with a fresh privacy link for the candidate it goes to (every mail to
 * a candidate carries one: privacy/privacy-link.ts). A null brand leaves the mail unbranded, with the link.
 */
export async function brandMailOf<M extends { html: string; text: string }>(
  customerId: Types.ObjectId | string,
  publicUrl: string,
  mail: M,
  to: { candidateId: Types.ObjectId | string; now?: Date },
): Promise<M> {
  const [brand, link] = await Promise.all([brandOf(customerId, publicUrl), createPrivacyLink({ customerId, candidateId: to.candidateId, publicUrl, now: to.now })]);
  return brandCandidateMail(brand, mail, link.url);
}
