import { z } from 'zod';
import { zMultilineText, zText } from './common';

// ---------------------------------------------------------------------------------------------
// Mail templates: a company's reusable mails with merge fields (campaigns now; interview invites
// and offer letters later). Managed on /company-settings/templates.
// ---------------------------------------------------------------------------------------------

export const MailTemplateKinds = ['campaign', 'pipeline', 'interview', 'offer', 'general'] as const;
export type TMailTemplateKind = (typeof MailTemplateKinds)[number];
export const MailTemplateKindLabels: Record<TMailTemplateKind, string> = {
  campaign: 'Candidate campaign',
  pipeline: 'Rejection and pipeline mail (rejections, stage mails, bulk mails)',
  interview: 'Interview invitation',
  offer: 'Offer letter',
  general: 'General',
};

/** Every merge field a template may use, with what it stands for. Anything else in {{ }} is refused on save. */
export const MergeFields = {
  'candidate.firstName': "The candidate's first name",
  'candidate.lastName': "The candidate's last name",
  'candidate.fullName': "The candidate's full name",
  'job.title': 'The title of the chosen job',
  'job.link': "The chosen job's page on the career site",
  'company.name': 'Your company name',
  'sender.name': 'The name of whoever sends the mail',
  'interview.round': "The interview's round, e.g. Technical interview",
  'interview.start': 'When the interview starts (date and time, with the time zone)',
  'interview.duration': 'How long the interview takes, e.g. 45 minutes',
  'interview.mode': 'On site, video call or phone call',
  'interview.location': 'The meeting room and address, the video link or the phone number',
  'interview.interviewers': 'The names of the interviewers',
  'interview.scheduleLink': 'The link where the candidate picks a time (self-scheduling)',
} as const;
export type TMergeField = keyof typeof MergeFields;
export const MergeFieldNames = Object.keys(MergeFields) as TMergeField[];

/** `{{ name }}` occurrences: the name is anything between the braces, trimmed. */
export const MergeFieldPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every merge field name the texts use, known or not. */
export function mergeFieldsIn(...texts: string[]): Set<string> {
  return new Set(texts.flatMap((text) => [...text.matchAll(MergeFieldPattern)].map((m) => m[1]!)));
}

/** The merge fields a text uses that do not exist, each once, in order of appearance. */
export function unknownMergeFields(...texts: string[]): string[] {
  const unknown = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(MergeFieldPattern)) {
      if (!(match[1]! in MergeFields)) unknown.add(match[1]!);
    }
  }
  return [...unknown];
}

export const unknownMergeFieldsMessage = (fields: string[]) =>
  `Unknown merge field${fields.length > 1 ? 's' : ''}: ${fields.map((f) => `{{${f}}}`).join(', ')}. Use only: ${MergeFieldNames.map((f) => `{{${f}}}`).join(', ')}.`;

/** The merge fields each kind of template may use: only those its mails can fill (interview.* only in invitations). */
const CommonFields = ['candidate.firstName', 'candidate.lastName', 'candidate.fullName', 'job.title', 'job.link', 'company.name', 'sender.name'] as const satisfies readonly TMergeField[];
export const MergeFieldsByKind: Record<TMailTemplateKind, readonly TMergeField[]> = {
  campaign: CommonFields,
  pipeline: CommonFields,
  interview: MergeFieldNames,
  offer: CommonFields,
  general: CommonFields,
};

/** Known merge fields a text uses that its kind may not, each once, in order of appearance. */
export function notAllowedMergeFields(kind: TMailTemplateKind, ...texts: string[]): string[] {
  const allowed = new Set<string>(MergeFieldsByKind[kind]);
  const refused = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(MergeFieldPattern)) {
      if (match[1]! in MergeFields && !allowed.has(match[1]!)) refused.add(match[1]!);
    }
  }
  return [...refused];
}

export const notAllowedMergeFieldsMessage = (kind: TMailTemplateKind, fields: string[]) =>
  `${fields.map((f) => `{{${f}}}`).join(', ')} cannot be used in ${MailTemplateKindLabels[kind].replace(/ \(.*\)$/, '').toLowerCase()} templates. Use only: ${MergeFieldsByKind[kind].map((f) => `{{${f}}}`).join(', ')}.`;

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

export const MailTemplateLimits = { nameMax: 120, subjectMax: 200, bodyMax: 20_000, perCompany: 500 } as const;

export const ZMailTemplateInput = z.object({
  kind: z.enum(MailTemplateKinds).default('campaign'),
  name: zText().trim().min(1, { error: 'is required' }).max(MailTemplateLimits.nameMax, { error: 'is too long' }),
  subject: zText().trim().min(1, { error: 'is required' }).max(MailTemplateLimits.subjectMax, { error: 'is too long' }),
  body: zMultilineText().trim().min(1, { error: 'is required' }).max(MailTemplateLimits.bodyMax, { error: 'is too long' }),
});
export type TMailTemplateInput = z.input<typeof ZMailTemplateInput>;

export const ZMailTemplate = z.object({
  id: z.string(),
  kind: z.enum(MailTemplateKinds),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type TMailTemplate = z.infer<typeof ZMailTemplate>;
export const ZMailTemplateList = z.object({ items: z.array(ZMailTemplate) });
export type TMailTemplateList = z.infer<typeof ZMailTemplateList>;
export const ZMailTemplateQuery = z.object({ kind: z.enum(MailTemplateKinds).optional() });

export const MailTemplatesApi = {
  templates: '/api/mail/templates',
  template: '/api/mail/templates/:id',
} as const;
