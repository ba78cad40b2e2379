import { MergeFieldPattern, unknownMergeFields, unknownMergeFieldsMessage, type TMergeField } from '@hireflow/contracts/mail-templates';
import { AppError } from '../../lib/app-error';

/** Values of the merge fields a mail can fill; a field without a value renders empty. */
export type MergeValues = Partial<Record<TMergeField, string>>;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** 400 naming every unknown merge field of the texts (templates and campaigns are checked on save). */
export function assertKnownMergeFields(...texts: string[]) {
  const unknown = unknownMergeFields(...texts);
  if (unknown.length) throw AppError.badRequest(unknownMergeFieldsMessage(unknown), { unknownMergeFields: unknown });
}

/** Plain text with the merge fields filled in (subjects, the text part). */
export function fillText(template: string, values: MergeValues): string {
  return template.replace(MergeFieldPattern, (_all, name: string) => values[name as TMergeField] ?? '');
}

const isHttpUrl = (v: string) => /^https?:\/\//i.test(v);

/**
 * The HTML part of a plain-text body: the template's own text and every value are escaped, lines become
 * <br> and blank lines paragraphs; a link field becomes a link.
 */
export function fillHtml(template: string, values: MergeValues): string {
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
