import { MergeFieldPattern, type TMergeField } from './mail-templates';

// ---------------------------------------------------------------------------------------------
// Filling mail bodies, shared by the API (mails) and the templates page (live preview), apart from
// mail-templates.ts so that pages that only pick a template do not load it.
// ---------------------------------------------------------------------------------------------

/** Values a template preview fills in (the server fills the same fields the same way). */
export const SampleMergeValues: Record<TMergeField, string> = {
  'candidate.firstName': 'Alex',
  'candidate.lastName': 'Morgan',
  'candidate.fullName': 'Alex Morgan',
  'job.title': 'Senior Backend Engineer',
  'job.link': 'https://example.com/careers/acme/senior-backend-engineer',
  'company.name': 'Acme',
  'sender.name': 'Riley Recruiter',
  'interview.round': 'Technical interview',
  'interview.start': 'Tuesday, 1 December 2026, 10:00 (Europe/Berlin)',
  'interview.duration': '60 minutes',
  'interview.mode': 'Video call',
  'interview.location': 'https://meet.example.com/abc-defg-hij',
  'interview.interviewers': 'Sam Lee, Jordan Kim',
  'interview.scheduleLink': 'https://example.com/schedule/sample',
  'offer.jobTitle': 'Senior Backend Engineer',
  'offer.startDate': 'Monday, 4 January 2027',
  'offer.baseSalary': 'EUR 85,000.00 a year',
  'offer.bonus': 'EUR 8,500.00',
  'offer.equity': '1,000 stock options vesting over four years',
  'offer.otherTerms': '30 days of paid holiday',
  'offer.expiryDate': 'Friday, 11 December 2026',
  'offer.manager': 'Hank Hiring',
  'offer.link': 'https://example.com/offer/sample',
};

// ----- Rich text bodies -----------------------------------------------------------------------
// A body written in the rich-text editor is (sanitised) HTML; older bodies and campaigns are plain text.
// Both fill the same way: values are escaped in HTML, and the text part of an HTML body is a readable text.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A body is HTML when it holds an element of the editor's (p, headings, lists, quotes, line breaks, ...). */
export function isHtmlBody(body: string): boolean {
  return /<(p|br|h[1-6]|ul|ol|li|blockquote|strong|b|em|i|u|s|a|pre|code|hr|mark|sub|sup|div|span|script|style|img|iframe)\b[^>]*>/i.test(body);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (all, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#') && lower !== '#39') return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return entities[lower] ?? all;
  });
}

/** A readable plain-text version of an HTML body: paragraphs and list items on their own lines, links with their address. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '- ')
      .replace(/<\/(li|h[1-6]|pre)>/gi, '\n')
      .replace(/<\/(p|blockquote|ul|ol)>/gi, '\n\n')
      .replace(/<hr\b[^>]*>/gi, '\n----\n')
      .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, label: string) => {
        const text = label.replace(/<[^>]+>/g, '');
        return decodeEntities(href) === decodeEntities(text) || !href ? text : `${text} (${href})`;
      })
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An HTML body (already sanitised) with its merge fields filled by escaped values. */
export function fillHtmlBody(html: string, values: Partial<Record<TMergeField, string>>): string {
  return html.replace(MergeFieldPattern, (_all, name: string) => escapeHtml(values[name as TMergeField] ?? ''));
}

const isHttpUrl = (v: string) => /^https?:\/\//i.test(v);
const linkFields = new Set<string>(['job.link', 'interview.scheduleLink']);

/**
 * The HTML part of a plain-text body: the template's own text and every value are escaped, lines become
 * <br> and blank lines paragraphs; a link field becomes a link.
 */
export function fillPlainTextAsHtml(template: string, values: Partial<Record<TMergeField, string>>): string {
  return template
    .split(/\n{2,}/)
    .map((p) => {
      let html = '';
      let last = 0;
      for (const match of p.matchAll(MergeFieldPattern)) {
        html += escapeHtml(p.slice(last, match.index));
        const name = match[1] as TMergeField;
        const value = values[name] ?? '';
        html += linkFields.has(name) && isHttpUrl(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
        last = match.index + match[0].length;
      }
      html += escapeHtml(p.slice(last));
      return `<p>${html.replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
}

/** A plain-text body as editor HTML (paragraphs and line breaks), its merge fields left as they are. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

