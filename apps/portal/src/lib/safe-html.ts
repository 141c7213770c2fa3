// The applicant's rich text before it reaches the server (which sanitises it on save): shown in
// the check-your-answers summary, so it is cleaned here with an allowlist. The parsed document is
// inert (no script runs, no image loads) while it is walked.

const KEEP = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'SUB', 'SUP', 'UL', 'OL', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'CODE', 'HR', 'SPAN', 'DIV', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD', 'CAPTION', 'A', 'IMG']);
// Dropped with everything inside them.
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'LINK', 'META', 'BASE', 'FRAME', 'FRAMESET', 'AUDIO', 'VIDEO', 'SOURCE']);
const ATTRIBUTES: Record<string, string[]> = { A: ['href'], IMG: ['src', 'alt'], TD: ['colspan', 'rowspan'], TH: ['colspan', 'rowspan'] };
// Only the site's own uploads are shown as images (as on the server).
const UPLOAD_SRC = /^\/api\/file\/\d+$/;
const LINK = /^(https?:|mailto:)/i;

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (DROP.has(tag)) return [];
  const children = [...element.childNodes].flatMap((child) => clean(child, doc));
  // Unknown elements give way to their content.
  if (!KEEP.has(tag)) return children;
  const copy = doc.createElement(tag.toLowerCase());
  for (const name of ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name)?.trim();
    if (value === undefined) continue;
    if (name === 'href' && !LINK.test(value)) continue;
    if (name === 'src' && !UPLOAD_SRC.test(value.split('?')[0] ?? '')) continue;
    copy.setAttribute(name, value);
  }
  if (tag === 'IMG' && !copy.hasAttribute('src')) return [];
  if (tag === 'A') {
    copy.setAttribute('target', '_blank');
    copy.setAttribute('rel', 'noopener noreferrer');
  }
  copy.append(...children);
  return [copy];
}

/** `html` with only the allowed elements and attributes left. */
export function safeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = parsed.createElement('div');
  out.append(...[...parsed.body.childNodes].flatMap((child) => clean(child, parsed)));
  return out.innerHTML;
}
