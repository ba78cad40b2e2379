import { escapeHtml, fillHtmlBody, fillPlainTextAsHtml, htmlToText, isHtmlBody } from '@hireflow/contracts/mail-fill';
import {
  MergeFieldPattern,
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

/**
 * The HTML part of a body. A rich-text (HTML) body is sanitised again (the allow-list) and its fields
 * filled with escaped values. A plain-text body: its text and every value are escaped, lines become <br>
 * and blank lines paragraphs; a link field becomes a link (contracts fillPlainTextAsHtml).
 */
export function fillHtml(template: string, values: MergeValues): string {
  return isHtmlBody(template) ? fillHtmlBody(sanitizeRichText(template), values) : fillPlainTextAsHtml(template, values);
}
