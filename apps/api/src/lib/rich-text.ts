import sanitizeHtml from 'sanitize-html';

/**
 * THE allow-list for rich text users write in the editor (@mantine/tiptap): job descriptions, mail
 * templates, signatures. Anything else (scripts, styles, event handlers, javascript: links) is dropped.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'mark', 'sub', 'sup'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
  }).trim();
}
