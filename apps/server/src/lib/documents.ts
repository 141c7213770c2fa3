import {
  APPLY_STATUS_LABELS,
  ASSIGNMENT_STATUS_LABELS,
  REVIEW_RECOMMENDATION_LABELS,
  fieldValueToText,
  formatTotal,
  tableTotals,
  type ApplyStatus,
  type AssignmentStatus,
  type Criterion,
  type EligibilityCheck,
  type FormField,
  type FormFieldOf,
  type ReviewRecommendation,
  type TextLookups,
} from '@flagship/api-client';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IParagraphOptions,
  type IRunOptions,
} from 'docx';
import { beijingTime } from './beijing-time';
import { RICH_TEXT_MAX_DEPTH } from './sanitize';

// The application as a Word document (.docx): export, download packages.

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface ApplicationDocument {
  projectTitle: string;
  formTitle: string;
  applicant: string;
  status: ApplyStatus;
  serialNumber: string | null;
  submittedAt: Date | null;
  sha256: string | null;
  fields: FormField[];
  data: Record<string, unknown>;
  lookups: TextLookups;
  /** The eligibility answers checked when it was created or submitted. */
  eligibility?: EligibilityCheck | null;
  /** Staff's copy only: the experts' submitted reviews, with their names. */
  reviews?: ReviewSummary | null;
}

/** The experts' submitted reviews of the application, for staff. */
export interface ReviewSummary {
  roundNumber: number;
  criteria: Criterion[];
  reviews: {
    expertName: string;
    status: AssignmentStatus;
    scores: Record<string, number>;
    total: number | null;
    recommendation: ReviewRecommendation | null;
    commentToStaff: string;
    commentToApplicant: string;
    submittedAt: Date | null;
  }[];
  figures: { reviews: number; mean: number | null; median: number | null; trimmedMean: number | null; spread: number | null };
}

type Block = Paragraph | Table;

const EMPTY = '（未填写）';
const ORDERED = 'ordered-list';

export async function applicationDocx(doc: ApplicationDocument): Promise<Buffer> {
  const lists = { next: 0 };
  const children: Block[] = [
    new Paragraph({ text: doc.projectTitle, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
    new Paragraph({ text: doc.formTitle, alignment: AlignmentType.CENTER, spacing: { after: 240 } }),
    infoTable([
      ['申报编号', doc.serialNumber ?? '（尚未提交）'],
      ['申报状态', APPLY_STATUS_LABELS[doc.status]],
      ['申报人', doc.applicant],
      ['提交时间', doc.submittedAt ? `${beijingTime(doc.submittedAt)}（北京时间）` : '—'],
    ]),
  ];
  if (doc.eligibility?.results.length) children.push(...eligibilityBlocks(doc.eligibility));
  for (const field of doc.fields) children.push(...fieldBlocks(field, doc.data[field.key], doc.lookups, lists));
  if (doc.reviews) children.push(...reviewBlocks(doc.reviews));
  if (doc.sha256) {
    children.push(
      new Paragraph({
        spacing: { before: 480 },
        children: [new TextRun({ text: `提交回执：${doc.serialNumber ?? ''}，数据摘要（SHA-256）${doc.sha256}`, size: 16, color: '666666' })],
      }),
    );
  }
  const document = new Document({
    creator: 'Flagship',
    title: `${doc.projectTitle} - ${doc.formTitle}`,
    styles: { default: { document: { run: { font: { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'SimSun' }, size: 22 } } } },
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: level % 3 === 0 ? LevelFormat.DECIMAL : level % 3 === 1 ? LevelFormat.LOWER_LETTER : LevelFormat.LOWER_ROMAN,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 420 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}

const figure = (value: number | null) => (value === null ? '—' : String(value));

/** 评审意见汇总: the figures over the submitted totals, then each review. */
function reviewBlocks(summary: ReviewSummary): Block[] {
  const { figures } = summary;
  const blocks: Block[] = [
    new Paragraph({ text: '评审意见汇总', heading: HeadingLevel.HEADING_1, spacing: { before: 480 } }),
    infoTable([
      ['评审轮次', `第 ${summary.roundNumber} 轮`],
      ['已提交评审', `${figures.reviews} 份`],
      ['平均分', figure(figures.mean)],
      ['中位数', figure(figures.median)],
      ['去掉最高最低分后的平均分', figure(figures.trimmedMean)],
      ['极差', figure(figures.spread)],
    ]),
  ];
  summary.reviews.forEach((review, i) => {
    blocks.push(
      new Paragraph({ text: `专家 ${i + 1}：${review.expertName}`, heading: HeadingLevel.HEADING_2, spacing: { before: 240 } }),
      infoTable([
        ...summary.criteria.map((c): [string, string] => [c.label, review.scores[c.key] === undefined ? '—' : `${review.scores[c.key]}（${c.min}–${c.max}）`]),
        ['总分', figure(review.total)],
        ['推荐意见', review.recommendation ? REVIEW_RECOMMENDATION_LABELS[review.recommendation] : '—'],
        ['给工作人员的意见', review.commentToStaff || '—'],
        ['给申报人的意见', review.commentToApplicant || '—'],
        ['状态', `${ASSIGNMENT_STATUS_LABELS[review.status]}${review.submittedAt ? `，${beijingTime(review.submittedAt)}（北京时间）` : ''}`],
      ]),
    );
  });
  return blocks;
}

function infoTable(rows: [string, string][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      ([label, value]) =>
        new TableRow({
          children: [
            new TableCell({ width: { size: 25, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })] }),
            new TableCell({ width: { size: 75, type: WidthType.PERCENTAGE }, children: [new Paragraph(value)] }),
          ],
        }),
    ),
  });
}

function eligibilityBlocks(check: EligibilityCheck): Block[] {
  return [
    new Paragraph({ text: '申报资格', heading: HeadingLevel.HEADING_1, spacing: { before: 360 } }),
    infoTable(check.results.map((r): [string, string] => [r.label, `${r.answer}${r.automatic ? '（平台核验）' : ''}${r.qualified ? '' : `，不符合：${r.reason ?? ''}`}`])),
  ];
}

function fieldBlocks(field: FormField, value: unknown, lookups: TextLookups, lists: { next: number }): Block[] {
  if (field.kind === 'section') {
    return [new Paragraph({ text: field.label, heading: HeadingLevel.HEADING_1, spacing: { before: 360 } })];
  }
  const label = new Paragraph({
    spacing: { before: 200, after: 60 },
    children: [new TextRun({ text: field.label, bold: true }), ...(field.required ? [new TextRun({ text: ' *', color: 'C00000' })] : [])],
  });
  if (field.kind === 'table') return [label, ...tableFieldBlocks(field, value, lookups)];
  if (field.kind === 'richText') {
    const blocks = typeof value === 'string' ? new RichText(lists).render(value) : [];
    return [label, ...(blocks.length > 0 ? blocks : [plainParagraph(EMPTY)])];
  }
  return [label, plainParagraph(fieldValueToText(field, value, lookups) || EMPTY)];
}

/** Text with its line breaks kept. */
function plainParagraph(text: string): Paragraph {
  const lines = text.split('\n');
  return new Paragraph({ children: lines.map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}) })) });
}

function tableFieldBlocks(field: FormFieldOf<'table'>, value: unknown, lookups: TextLookups): Block[] {
  const rows = Array.isArray(value) ? value : [];
  if (rows.length === 0) return [plainParagraph(EMPTY)];
  const cell = (text: string, bold = false) =>
    new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
  return [
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: [
        new TableRow({ tableHeader: true, children: [cell('序号', true), ...field.columns.map((c) => cell(c.label, true))] }),
        ...rows.map(
          (row, index) =>
            new TableRow({
              children: [
                cell(String(index + 1)),
                ...field.columns.map((column) => {
                  const cellValue = row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[column.key] : undefined;
                  return cell(fieldValueToText(column, cellValue, lookups) || '—');
                }),
              ],
            }),
        ),
        ...totalsRows(field, rows, cell),
      ],
    }),
  ];
}

/** The 合计 row under a table whose numeric columns are totalled. */
function totalsRows(field: FormFieldOf<'table'>, rows: unknown[], cell: (text: string, bold?: boolean) => TableCell): TableRow[] {
  const totals = tableTotals(field, rows);
  if (totals.length === 0) return [];
  const text = (key: string) => {
    const total = totals.find((t) => t.column.key === key);
    return total ? formatTotal(total) : '';
  };
  return [new TableRow({ children: [cell('合计', true), ...field.columns.map((c) => cell(text(c.key), true))] })];
}

// Rich text: the sanitised HTML the editor produced, as Word paragraphs, lists and tables. The
// input has passed sanitizeRichText, so a small tokenizer is enough.

interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = string | Element;

const VOID = new Set(['br', 'img', 'hr', 'col', 'source', 'wbr']);
const INLINE = new Set(['strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'span', 'a', 'code', 'br', 'img', 'video', 'audio', 'source', 'font', 'small', 'mark', 'wbr']);
const TOKEN = /<!--[\s\S]*?-->|<\/([a-zA-Z][a-zA-Z0-9]*)\s*>|<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|<|[^<]+/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’', mdash: '—', ndash: '–', hellip: '…', middot: '·', times: '×', yen: '¥' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

export function parseHtml(html: string): Node[] {
  const root: Element = { tag: '#root', attrs: {}, children: [] };
  const stack: Element[] = [root];
  // Rich text stored before the sanitiser capped nesting: tags past the cap are left out, their text kept.
  let skipped = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, opening, attrText] = match;
    const top = stack[stack.length - 1] ?? root;
    if (closing) {
      if (skipped > 0) {
        skipped -= 1;
        continue;
      }
      const tag = closing.toLowerCase();
      const index = stack.findLastIndex((e) => e.tag === tag);
      if (index > 0) stack.length = index;
    } else if (opening) {
      const tag = opening.toLowerCase();
      if (stack.length > RICH_TEXT_MAX_DEPTH && !VOID.has(tag)) {
        skipped += 1;
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const [, name, a, b, c] of (attrText ?? '').matchAll(ATTR)) {
        if (name) attrs[name.toLowerCase()] = decode(a ?? b ?? c ?? '');
      }
      const element: Element = { tag, attrs, children: [] };
      top.children.push(element);
      if (!VOID.has(tag)) stack.push(element);
    } else if (!token.startsWith('<!--')) {
      top.children.push(decode(token));
    }
  }
  return root.children;
}

interface Format {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  superScript?: boolean;
  subScript?: boolean;
  color?: string;
  code?: boolean;
}

function styleOf(element: Element): Record<string, string> {
  const style: Record<string, string> = {};
  for (const part of (element.attrs.style ?? '').split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) style[part.slice(0, colon).trim().toLowerCase()] = part.slice(colon + 1).trim().toLowerCase();
  }
  return style;
}

function formatOf(element: Element, outer: Format): Format {
  const format = { ...outer };
  const style = styleOf(element);
  switch (element.tag) {
    case 'strong':
    case 'b':
    case 'th':
      format.bold = true;
      break;
    case 'em':
    case 'i':
      format.italics = true;
      break;
    case 'u':
    case 'ins':
      format.underline = true;
      break;
    case 's':
    case 'strike':
    case 'del':
      format.strike = true;
      break;
    case 'sup':
      format.superScript = true;
      break;
    case 'sub':
      format.subScript = true;
      break;
    case 'code':
    case 'pre':
      format.code = true;
      break;
    case 'a':
      format.underline = true;
      format.color ??= '0563C1';
      break;
  }
  if (style['font-weight'] === 'bold' || Number(style['font-weight']) >= 600) format.bold = true;
  if (style['font-style'] === 'italic') format.italics = true;
  if (style['text-decoration']?.includes('underline')) format.underline = true;
  if (style['text-decoration']?.includes('line-through')) format.strike = true;
  const color = /^#([0-9a-f]{6}|[0-9a-f]{3})$/.exec(style.color ?? '')?.[1];
  if (color) format.color = color.length === 3 ? [...color].map((c) => c + c).join('') : color;
  return format;
}

function run(text: string, format: Format, extra: Partial<IRunOptions> = {}): TextRun {
  return new TextRun({
    text,
    ...(format.bold ? { bold: true } : {}),
    ...(format.italics ? { italics: true } : {}),
    ...(format.underline ? { underline: {} } : {}),
    ...(format.strike ? { strike: true } : {}),
    ...(format.superScript ? { superScript: true } : {}),
    ...(format.subScript ? { subScript: true } : {}),
    ...(format.color ? { color: format.color } : {}),
    ...(format.code ? { font: 'Consolas' } : {}),
    ...extra,
  });
}

const HEADINGS = {
  h1: HeadingLevel.HEADING_2,
  h2: HeadingLevel.HEADING_3,
  h3: HeadingLevel.HEADING_4,
  h4: HeadingLevel.HEADING_5,
  h5: HeadingLevel.HEADING_6,
  h6: HeadingLevel.HEADING_6,
} as const;

const ALIGNMENTS = { left: AlignmentType.LEFT, right: AlignmentType.RIGHT, center: AlignmentType.CENTER, justify: AlignmentType.JUSTIFIED } as const;

class RichText {
  private blocks: Block[] = [];
  private runs: TextRun[] = [];

  constructor(private readonly lists: { next: number }) {}

  render(html: string): Block[] {
    this.nodes(parseHtml(html), {}, { preserve: false });
    this.flush();
    return this.blocks;
  }

  private flush(options: Partial<IParagraphOptions> = {}): void {
    // Drop runs that are only the whitespace between tags.
    if (this.runs.length === 0) return;
    this.blocks.push(new Paragraph({ ...options, children: this.runs }));
    this.runs = [];
  }

  private nodes(nodes: Node[], format: Format, mode: { preserve: boolean }): void {
    for (const node of nodes) {
      if (typeof node === 'string') this.text(node, format, mode.preserve);
      else if (INLINE.has(node.tag)) this.inline(node, format, mode);
      else this.block(node, format);
    }
  }

  private text(text: string, format: Format, preserve: boolean): void {
    if (preserve) {
      text.split('\n').forEach((line, i) => this.runs.push(run(line, format, i > 0 ? { break: 1 } : {})));
      return;
    }
    const collapsed = text.replace(/[\t\n\r ]+/g, ' ');
    if (collapsed.trim() === '' && this.runs.length === 0) return;
    this.runs.push(run(collapsed, format));
  }

  private inline(element: Element, outer: Format, mode: { preserve: boolean }): void {
    switch (element.tag) {
      case 'br':
        this.runs.push(new TextRun({ text: '', break: 1 }));
        return;
      case 'img':
        this.runs.push(run(`[图片${element.attrs.alt ? `：${element.attrs.alt}` : ''}]`, { ...outer, italics: true }));
        return;
      case 'video':
      case 'audio':
        this.runs.push(run(element.tag === 'video' ? '[视频]' : '[音频]', { ...outer, italics: true }));
        return;
    }
    const format = formatOf(element, outer);
    this.nodes(element.children, format, mode);
    const href = element.attrs.href;
    if (element.tag === 'a' && href && /^(https?|mailto|tel):/i.test(href)) {
      const text = element.children.map(textOf).join('');
      if (text.trim() !== href) this.runs.push(run(`（${href}）`, outer));
    }
  }

  private block(element: Element, outer: Format): void {
    this.flush();
    const format = formatOf(element, outer);
    const align = ALIGNMENTS[styleOf(element)['text-align'] as keyof typeof ALIGNMENTS];
    const options: Partial<IParagraphOptions> = align ? { alignment: align } : {};
    switch (element.tag) {
      case 'ul':
      case 'ol':
        this.list(element, format, 0);
        return;
      case 'table':
        this.blocks.push(this.table(element, format));
        return;
      case 'hr':
        this.blocks.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } } }));
        return;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        this.nodes(element.children, format, { preserve: false });
        this.flush({ ...options, heading: HEADINGS[element.tag] });
        return;
      case 'blockquote':
        this.nodes(element.children, format, { preserve: false });
        this.flush({ ...options, indent: { left: 720 } });
        return;
      case 'pre':
        this.nodes(element.children, format, { preserve: true });
        this.flush(options);
        return;
      default:
        // p, div, figure and anything unknown: a paragraph of its content.
        this.nodes(element.children, format, { preserve: false });
        this.flush(options);
    }
  }

  private list(element: Element, format: Format, level: number): void {
    const ordered = element.tag === 'ol';
    const instance = this.lists.next++;
    for (const item of element.children) {
      if (typeof item === 'string' || item.tag !== 'li') continue;
      const numbering: Partial<IParagraphOptions> = ordered
        ? { numbering: { reference: ORDERED, level: Math.min(level, 8), instance } }
        : { bullet: { level: Math.min(level, 8) } };
      let first = true;
      const flushItem = () => {
        this.flush(first ? numbering : { indent: { left: 420 * (level + 1) } });
        first = false;
      };
      for (const child of item.children) {
        if (typeof child !== 'string' && (child.tag === 'ul' || child.tag === 'ol')) {
          flushItem();
          this.list(child, format, level + 1);
        } else if (typeof child !== 'string' && !INLINE.has(child.tag)) {
          // A paragraph inside an item continues the item's text.
          this.nodes(child.children, formatOf(child, format), { preserve: child.tag === 'pre' });
        } else {
          this.nodes([child], format, { preserve: false });
        }
      }
      if (this.runs.length > 0 || first) {
        if (this.runs.length === 0) this.runs.push(new TextRun(''));
        flushItem();
      }
    }
  }

  private table(element: Element, format: Format): Table {
    const rows: Element[] = [];
    const collect = (parent: Element) => {
      for (const child of parent.children) {
        if (typeof child === 'string') continue;
        if (child.tag === 'tr') rows.push(child);
        else if (child.tag === 'thead' || child.tag === 'tbody' || child.tag === 'tfoot') collect(child);
      }
    };
    collect(element);
    const tableRows = rows
      .map((row) => row.children.filter((cell): cell is Element => typeof cell !== 'string' && (cell.tag === 'td' || cell.tag === 'th')))
      .filter((cells) => cells.length > 0)
      .map(
        (cells) =>
          new TableRow({
            children: cells.map((cell) => {
              const inner = new RichText(this.lists);
              inner.nodes(cell.children, formatOf(cell, format), { preserve: false });
              inner.flush();
              const span = Number(cell.attrs.colspan);
              const rowSpan = Number(cell.attrs.rowspan);
              return new TableCell({
                children: inner.blocks.length > 0 ? inner.blocks : [new Paragraph('')],
                ...(span > 1 ? { columnSpan: Math.min(span, 63) } : {}),
                ...(rowSpan > 1 ? { rowSpan: Math.min(rowSpan, 1000) } : {}),
              });
            }),
        }),
    );
    const nonEmpty = tableRows.length > 0 ? tableRows : [new TableRow({ children: [new TableCell({ children: [new Paragraph('')] })] })];
    return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: nonEmpty });
  }
}

function textOf(node: Node): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}
