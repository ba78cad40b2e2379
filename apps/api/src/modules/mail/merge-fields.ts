import {
  MergeFieldPattern,
  escapeHtml,
  fillHtmlBody,
  htmlToText,
  isHtmlBody,
  notAllowedMergeFields,
  notAllowedMergeFieldsMessage,
  unknownMergeFields,
  unknownMergeFieldsMessage,
  type TMailTemplateKind,
  type TMergeField,
} from '@hireflow/contracts/mail-templates';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/rich-text';

export { escapeHtml };

/** Values of the merge fields a mail can fill; a field without a value renders empty. */
export type MergeValues = Partial<Record<TMergeField, string>>;

/** 400 naming every unknown merge field of the texts (templates and campaigns are checked on save). */
export function assertKnownMergeFields(...texts: string[]) {
  const unknown = unknownMergeFields(...texts);
  if (unknown.length) throw AppError.badRequest(unknownMergeFieldsMessage(unknown), { unknownMergeFields: unknown });
}

/** 400 naming every unknown field, then every field the kind of template may not use (interview.* outside invitations). */
export function assertMergeFieldsFor(kind: TMailTemplateKind, ...texts: string[]) {
  assertKnownMergeFields(...texts);
  const refused = notAllowedMergeFields(kind, ...texts);
  if (refused.length) throw AppError.badRequest(notAllowedMergeFieldsMessage(kind, refused), { notAllowedMergeFields: refused });
}

/** Plain text with the merge fields filled in (subjects, the text part); an HTML body becomes its readable text first. */
export function fillText(template: string, values: MergeValues): string {
  const text = isHtmlBody(template) ? htmlToText(template) : template;
  return text.replace(MergeFieldPattern, (_all, name: string) => values[name as TMergeField] ?? '');
}

const isHttpUrl = (v: string) => /^https?:\/\//i.test(v);

/**
 * The HTML part of a body. A rich-text (HTML) body is sanitised again (the allow-list) and its fields
 * filled with escaped values. A plain-text body: its text and every value are escaped, lines become <br>
 * and blank lines paragraphs; a link field becomes a link.
 */
export function fillHtml(template: string, values: MergeValues): string {
  if (isHtmlBody(template)) return fillHtmlBody(sanitizeRichText(template), values);
  const paragraphs = template.split(/\n{2,}/);
  return paragraphs
    .map((p) => {
      let html = '';
      let last = 0;
      for (const match of p.matchAll(MergeFieldPattern)) {
        html += escapeHtml(p.slice(last, match.index));
        const name = match[1] as TMergeField;
        const value = values[name] ?? '';
        html += (name === 'job.link' || name === 'interview.scheduleLink') && isHttpUrl(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
        last = match.index + match[0].length;
      }
      html += escapeHtml(p.slice(last));
      return `<p>${html.replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
}
