// Plain text of rich-text (HTML) values, for length rules and text renderings.

// The editor writes some punctuation as named entities.
const ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  middot: '·',
  times: '×',
  divide: '÷',
  yen: '¥',
  deg: '°',
  plusmn: '±',
  copy: '©',
  reg: '®',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name] ?? entity;
  });
}

/** The text of an HTML fragment: tags removed, entities decoded, block ends as line breaks. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Characters of text in an HTML fragment, line breaks not counted. */
export function htmlTextLength(html: string): number {
  return [...htmlToText(html).replace(/\n/g, '')].length;
}

/** No text and no embedded media: what an empty editor leaves behind (`<p>&nbsp;</p>`). */
export function isBlankHtml(html: string): boolean {
  return htmlToText(html).trim() === '' && !/<(img|video|audio|iframe|embed|object)\b/i.test(html);
}
