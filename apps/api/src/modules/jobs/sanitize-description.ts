import { sanitizeRichText } from '../../lib/rich-text';

/** What the rich-text editor (@mantine/tiptap) produces; anything else (scripts, styles, handlers) is dropped. */
export function sanitizeDescription(html: string): string {
  return sanitizeRichText(html);
}
