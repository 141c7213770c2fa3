import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import { fileUrl, uploadIdOfUrl } from './file-url';

/**
 * Elements nested deeper than this are dropped (their text stays). Editors stay far below it;
 * the document renderer walks the tree recursively and must not run out of stack.
 */
export const RICH_TEXT_MAX_DEPTH = 64;

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'div',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'hr',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    table: ['style', 'border'],
    ol: ['start', 'style'],
    ul: ['style'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'list-style-type': [/^(disc|circle|square|decimal|lower-alpha|upper-alpha|lower-roman|upper-roman)$/],
      width: [/^\d+(\.\d+)?(px|%|em)$/],
      height: [/^\d+(\.\d+)?(px|%|em)$/],
      'border-collapse': [/^(collapse|separate)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'padding-left': [/^\d+(\.\d+)?(px|em)$/],
    },
  },
  nestingLimit: RICH_TEXT_MAX_DEPTH,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // Links that open a new tab must not hand it the opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    img: ownSources,
  },
  // An image without a source of ours is dropped whole. Audio and video are not kept at all:
  // uploads take no media types, so no medium could come from this site.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};


/**
 * Images load only from the platform's own uploads (`/api/file/{id}`): no tracking
 * pixel on another site, no `data:` image inflating the HTML. A link's query (the `authkey` the
 * editor shows private images with) is dropped, so no session token is ever stored.
 */
function ownSources(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name !== 'src') kept[name] = value;
    else {
      const id = uploadIdOfUrl(value.trim().replace(/[?#].*$/s, ''));
      if (id !== null) kept[name] = fileUrl(id);
    }
  }
  return { tagName, attribs: kept };
}

const textOnlyOptions: sanitizeHtml.IOptions = { ...options, allowedTags: (options.allowedTags as string[]).filter((tag) => tag !== 'img') };

/**
 * Allow-list sanitiser for every rich-text value on its way in: no scripts, handlers or
 * `javascript:`; images only from this site's uploads, or none with `images: false`.
 */
export function sanitizeRichText(html: string, { images = true }: { images?: boolean } = {}): string {
  return sanitizeHtml(html, images ? options : textOnlyOptions);
}

/**
 * `sanitizeRichText` run again only on values that changed, per owner (the applicant). An autosave
 * sends every field each time, most of them as they were at the last save, and sanitize-html is
 * the costliest step of a save: 70 µs for a plain paragraph, 250 µs for a formatted one of 1 100
 * characters on this host (docs/performance.md, sixteenth round). The result is a function of the
 * value alone; it is kept per owner all the same, so that how fast a value is sanitised tells no
 * one what others have sent. Bounded by the characters kept (values and results).
 */
export function richTextMemo({ maxChars = 4_000_000, sanitize = (html: string) => sanitizeRichText(html) } = {}): (owner: number, html: string) => string {
  const kept = new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (clean, key) => key.length + clean.length });
  return (owner, html) => {
    const key = `${owner}\n${html}`;
    let clean = kept.get(key);
    if (clean === undefined) {
      clean = sanitize(html);
      kept.set(key, clean);
    }
    return clean;
  };
}

// Only inside an image tag: in sanitised HTML a `<` of text is `&lt;` and a quote inside an attribute
// is `&quot;`, so an address typed as text or hidden in another attribute cannot match.
const OWN_IMAGE = /<img\b[^>]*?\ssrc="\/api\/file\/(\d+)"/g;

/** The uploads a sanitised rich-text value shows as images, each once. */
export function richTextUploads(cleanHtml: string): number[] {
  const ids = [...cleanHtml.matchAll(OWN_IMAGE)].map((m) => Number(m[1])).filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** Plain text of a rich-text value (search, summaries, documents). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
