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
  'offer.jobTitle': 'The job title the offer names',
  'offer.startDate': 'The start date',
  'offer.baseSalary': 'The base pay with its currency and period, e.g. EUR 85,000.00 a year',
  'offer.bonus': 'The bonus with its currency (empty when none)',
  'offer.equity': 'The equity, as written on the offer',
  'offer.otherTerms': 'Other terms, as written on the offer',
  'offer.expiryDate': 'The last day the candidate can accept',
  'offer.manager': 'The name of the manager the new hire reports to',
  'offer.link': 'The page where the candidate reads and accepts the offer',
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
  interview: MergeFieldNames.filter((f) => !f.startsWith('offer.')),
  offer: [...CommonFields, ...MergeFieldNames.filter((f) => f.startsWith('offer.'))],
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
