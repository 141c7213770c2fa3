// Rich text refers to images by their upload's address, `/api/file/{id}`, as the server stores it.
// Private uploads need the session token to be shown (an <img> cannot send the authKey header),
// so the browser shows them through the app's file link and stores them without it.

const STORED_SRC = /(\ssrc=")\/api\/file\/(\d+)"/g;
const SHOWN_SRC = /(\ssrc=")[^"]*?(\/api\/file\/\d+)[?#][^"]*"/g;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The HTML with each upload's image shown through `fileUrl` (which adds the token). */
export function showUploadImages(html: string, fileUrl: (id: number) => string): string {
  return html.replace(STORED_SRC, (_, prefix: string, id: string) => `${prefix}${escapeAttribute(fileUrl(Number(id)))}"`);
}

/** The HTML as it is stored: upload images by their plain address, never with a token. */
export function storedUploadImages(html: string): string {
  return html.replace(SHOWN_SRC, '$1$2"');
}

const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Plain text as rich text: one escaped paragraph per non-empty line. */
export function textToParagraphs(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}

const BLOCKS = 'p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, tr, figcaption';

/** Rich text as plain text for a textarea: one line per paragraph (browser only). */
export function paragraphsToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  const blocks = [...doc.body.querySelectorAll(BLOCKS)].filter((el) => !el.querySelector(BLOCKS));
  const lines = blocks.length > 0 ? blocks.map((el) => el.textContent ?? '') : [doc.body.textContent ?? ''];
  return lines
    .flatMap((line) => line.split('\n'))
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
