// Pieces of the fuzz suites: strings PostgreSQL cannot store, and a way to put any string into a URL.
import fc from 'fast-check';

/** A string with U+0000 somewhere in it: PostgreSQL refuses to store one. */
export const withNul = fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`);

/** A high or low UTF-16 surrogate without its partner: valid in JSON, refused by PostgreSQL's json and text. */
export const loneSurrogate = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');

/** A string with a lone surrogate somewhere in it (or made of it). */
export const withLoneSurrogate = fc.oneof(
  loneSurrogate,
  fc.tuple(fc.string(), loneSurrogate, fc.string()).map(([a, s, b]) => `${a}${s}${b}`),
  // A pair in the wrong order is two lone surrogates.
  fc.constant('中\udc00\ud800文'),
);

/**
 * `text` percent-encoded for a path segment or a query: like encodeURIComponent, which throws on a
 * lone surrogate, but such a surrogate is sent as its three UTF-8-style bytes (`%ED%A0%80`).
 */
export function encodeUriPart(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((piece, i) => {
      if (i % 2 === 0) return encodeURIComponent(piece);
      const unit = piece.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** A query string of `query`'s entries (non-strings as JSON), lone surrogates included. */
export function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .map(([key, value]) => `${encodeUriPart(key)}=${encodeUriPart(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
}

/** A multipart body that stops inside its file part: the closing boundary never comes. */
export function truncatedMultipart(): { contentType: string; body: Buffer } {
  const boundary = 'flagship-fuzz';
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="cut.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(head), Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024, 0x41)]) };
}
