// Keyword search that works for Chinese on PGlite and PostgreSQL alike, without pg_trgm or a
// locale-dependent parser: text is cut into tokens here (every CJK character and every
// overlapping pair of them; whole latin words and numbers), stored in a `tsvector` column with a
// GIN index, and matched with a `tsquery` built from the keyword the same way.
import { sql, type SQL } from 'drizzle-orm';

/** Longest text (in characters, after tags are stripped) that is indexed per row. */
const MAX_INDEXED_CHARS = 60_000;
/** Longest latin word kept; longer runs are cut (tsvector lexemes are limited to 2 kB). */
const MAX_WORD_CHARS = 64;

// Han ideographs (with extensions and compatibility forms) plus kana and hangul, which are also
// written without spaces.
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
// A run of CJK characters, or a run of other letters and digits (Han characters are letters
// too, hence the set difference).
const TOKEN_RUN = new RegExp(String.raw`([${CJK}]+)|([[\p{L}\p{N}]--[${CJK}]]+)`, 'gv');
const CJK_RUN = new RegExp(String.raw`^[${CJK}]+$`, 'v');

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", ldquo: '“', rdquo: '”', middot: '·', mdash: '—', hellip: '…' };

/** Text of HTML: tags, comments, scripts and styles out; common entities decoded. */
function stripHtml(input: string): string {
  return input
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

/** Normalised text: full-width forms folded (ＡＢＣ１２３ → abc123), lower case. */
function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

interface Run {
  cjk: boolean;
  text: string;
}

function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const match of normalise(text).matchAll(TOKEN_RUN)) {
    if (match[1]) runs.push({ cjk: true, text: match[1] });
    else if (match[2]) runs.push({ cjk: false, text: match[2] });
  }
  return runs;
}

function cjkChars(run: string): string[] {
  return Array.from(run);
}

/**
 * Search tokens of some texts (HTML allowed), space-separated, for `to_tsvector('simple', …)`:
 * every CJK character and every overlapping pair of CJK characters, and every latin word or
 * number whole. Duplicates are dropped.
 */
export function searchTokens(...texts: (string | null | undefined)[]): string {
  const tokens = new Set<string>();
  let budget = MAX_INDEXED_CHARS;
  for (const raw of texts) {
    if (!raw || budget <= 0) continue;
    let text = stripHtml(raw);
    if (text.length > budget) text = text.slice(0, budget);
    budget -= text.length;
    for (const run of runsOf(text)) {
      if (run.cjk) {
        const chars = cjkChars(run.text);
        chars.forEach((c, i) => {
          tokens.add(c);
          const next = chars[i + 1];
          if (next !== undefined) tokens.add(c + next);
        });
      } else {
        tokens.add(run.text.slice(0, MAX_WORD_CHARS));
      }
    }
  }
  return [...tokens].join(' ');
}

/** A tsquery operand: quoted, with quotes and backslashes escaped. */
function quote(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The tsquery text of a keyword, or null when it has no tokens: every part must match; a CJK run
 * of two or more characters matches through its overlapping pairs, a single CJK character by
 * itself, and latin words and numbers as prefixes (`desig` finds `design`).
 */
export function searchQueryText(keyword: string): string | null {
  const operands = new Set<string>();
  for (const run of runsOf(stripHtml(keyword))) {
    if (run.cjk) {
      const chars = cjkChars(run.text);
      if (chars.length === 1) operands.add(quote(run.text));
      for (let i = 0; i + 1 < chars.length; i++) operands.add(quote(`${chars[i]}${chars[i + 1]}`));
    } else {
      operands.add(`${quote(run.text.slice(0, MAX_WORD_CHARS))}:*`);
    }
  }
  return operands.size > 0 ? [...operands].join(' & ') : null;
}

/**
 * A `tsquery` for a keyword (the query text travels as a bound parameter), or null when the
 * keyword has no searchable characters. Use it as `sql\`${table.searchVector} @@ ${query}\``.
 */
export function searchQuery(keyword: string): SQL | null {
  const text = searchQueryText(keyword);
  return text === null ? null : sql`to_tsquery('simple', ${text})`;
}

/** The value of a `search_vector` column for some texts, for inserts and updates. */
export function searchVectorSql(...texts: (string | null | undefined)[]): SQL {
  return sql`to_tsvector('simple', ${searchTokens(...texts)})`;
}

/** Whether a string is made only of CJK characters (exported for tests and callers that tokenise). */
export function isCjk(text: string): boolean {
  return CJK_RUN.test(text);
}
