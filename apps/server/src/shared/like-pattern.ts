/** A text with `\`, `%` and `_` escaped, so that they are literal in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching values that contain `keyword`. */
export function likePattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}
