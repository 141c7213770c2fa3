// File names people read (an upload's stored name, an entry in a zip) carry no invisible
// characters: a right-to-left override (U+202E) shows the program `报告\u202efdp.exe` as
// `报告exe.pdf`, and zero-width characters make names that differ look alike.

/**
 * Format characters (Unicode category Cf: bidi embeddings, overrides, isolates and marks, U+061C,
 * zero-width space and joiners, the BOM, …), control characters and lone surrogates.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Cs}]/gu;

/** What a name that shows nothing is called instead. */
export const UNNAMED = '未命名';

/** `name` as it shows: invisible characters and surrounding spaces removed, never empty nor a bare extension. */
export function visibleName(name: string): string {
  const visible = name.replace(INVISIBLE, '').trim();
  // `.pdf` alone would be a hidden file on some systems: keep the extension, name the file.
  return visible === '' || visible.startsWith('.') ? `${UNNAMED}${visible}` : visible;
}
