// The allow-list of the API's sanitiser (apps/api/src/lib/rich-text.ts), applied in the browser to
// previews of what someone is writing: what the preview shows is what the server would keep.
const allowedTags = new Set(['P', 'BR', 'H2', 'H3', 'H4', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'A', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'CODE', 'PRE', 'HR', 'MARK', 'SUB', 'SUP']);
const droppedWithContent = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEXTAREA', 'NOSCRIPT']);

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as Element;
  if (droppedWithContent.has(el.tagName)) return [];
  const children = [...el.childNodes].flatMap((c) => clean(c, doc));
  if (!allowedTags.has(el.tagName)) return children;
  const out = doc.createElement(el.tagName.toLowerCase());
  if (el.tagName === 'A') {
    const href = el.getAttribute('href') ?? '';
    if (/^(https?:|mailto:)/i.test(href.trim())) out.setAttribute('href', href.trim());
    out.setAttribute('rel', 'noopener noreferrer nofollow');
    out.setAttribute('target', '_blank');
  }
  out.append(...children);
  return [out];
}

/** HTML reduced to the rich-text allow-list: no scripts, styles, handlers or javascript: links. */
export function safeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const box = document.createElement('div');
  box.append(...[...parsed.body.childNodes].flatMap((n) => clean(n, document)));
  return box.innerHTML;
}
