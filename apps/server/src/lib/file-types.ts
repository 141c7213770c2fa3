import { fileTypeFromBuffer } from 'file-type';
import { visibleName } from './file-names';

/** What may be uploaded, by the type sniffed from the content (never the name or the header); `kind` names it to the applicant. */
const ALLOWED: Record<string, { mime: string; extensions: string[]; kind: string }> = {
  jpg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg', '.jpe', '.jfif'], kind: 'JPG 图片' },
  png: { mime: 'image/png', extensions: ['.png'], kind: 'PNG 图片' },
  apng: { mime: 'image/png', extensions: ['.png', '.apng'], kind: 'PNG 图片' },
  gif: { mime: 'image/gif', extensions: ['.gif'], kind: 'GIF 图片' },
  webp: { mime: 'image/webp', extensions: ['.webp'], kind: 'WebP 图片' },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'], kind: 'PDF 文件' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'], kind: 'Word 文档' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'], kind: 'Excel 表格' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['.pptx'], kind: 'PowerPoint 演示文稿' },
  zip: { mime: 'application/zip', extensions: ['.zip'], kind: 'ZIP 压缩包' },
  doc: { mime: 'application/msword', extensions: ['.doc'], kind: 'Word 文档' },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['.xls'], kind: 'Excel 表格' },
  ppt: { mime: 'application/vnd.ms-powerpoint', extensions: ['.ppt'], kind: 'PowerPoint 演示文稿' },
};

// Old Office files are compound files (CFB), like MSI installers: tell them apart by the
// stream each Office application writes (directory names are UTF-16LE).
const CFB_STREAMS: [string, string][] = [
  ['WordDocument', 'doc'],
  ['Workbook', 'xls'],
  ['Book', 'xls'],
  ['PowerPoint Document', 'ppt'],
];

export interface SniffedType {
  ext: string;
  mime: string;
}

/**
 * How many first bytes the type is sniffed from: every signature file-type knows, and an Office
 * zip's first entries (`[Content_Types].xml` or the `word/`, `xl/`, `ppt/` folders). An upload is
 * sniffed as it streams past, so only this much of it is held in memory.
 */
export const SNIFF_BYTES = 256 * 1024;

/**
 * The type from a file's first bytes (SNIFF_BYTES of them, or the whole file): one that may be
 * uploaded, 'cfb' for a compound file (which Office application wrote it only `CompoundFileScanner`
 * can tell, from every byte), or undefined when it may not be uploaded.
 */
export async function sniffHead(head: Buffer): Promise<SniffedType | 'cfb' | undefined> {
  const type = await fileTypeFromBuffer(head);
  if (!type) return undefined;
  if (type.ext === 'cfb') return 'cfb';
  const allowed = ALLOWED[type.ext];
  return allowed ? { ext: type.ext, mime: allowed.mime } : undefined;
}

const CFB_NAMES = CFB_STREAMS.map(([stream, ext]) => ({ bytes: Buffer.from(stream, 'utf16le'), ext }));
const LONGEST_NAME = Math.max(...CFB_NAMES.map((n) => n.bytes.length));

/**
 * Looks for the Office streams' names in a compound file chunk by chunk, anywhere in it: the
 * directory often sits at the end of the file. Holds only a name's length of bytes between chunks.
 */
export class CompoundFileScanner {
  private readonly found = new Set<string>();
  private tail = Buffer.alloc(0);

  push(chunk: Buffer): void {
    // A name may straddle two chunks: look across the seam too.
    const seam = Buffer.concat([this.tail, chunk.subarray(0, LONGEST_NAME - 1)]);
    for (const name of CFB_NAMES) {
      if (!this.found.has(name.ext) && (chunk.includes(name.bytes) || seam.includes(name.bytes))) this.found.add(name.ext);
    }
    const keep = chunk.length >= LONGEST_NAME - 1 ? chunk : Buffer.concat([this.tail, chunk]);
    this.tail = Buffer.from(keep.subarray(Math.max(0, keep.length - (LONGEST_NAME - 1))));
  }

  /** The Office type, once every byte has been pushed; undefined for any other compound file (an installer, say). */
  type(): SniffedType | undefined {
    const ext = CFB_STREAMS.find(([, e]) => this.found.has(e))?.[1];
    return ext ? { ext, mime: ALLOWED[ext]!.mime } : undefined;
  }
}

/** The type of a file already in memory, or undefined when it is not one that may be uploaded. */
export async function sniffType(buffer: Buffer): Promise<SniffedType | undefined> {
  const type = await sniffHead(buffer);
  if (type !== 'cfb') return type;
  const scanner = new CompoundFileScanner();
  scanner.push(buffer);
  return scanner.type();
}

/**
 * What a refused file's name claims it is (`PDF 文件` for `申报书.pdf`), when that is a type that
 * may be uploaded: its content then is not what the name says (a text file renamed .pdf, say).
 */
export function claimedKind(fileName: string | undefined): string | undefined {
  const lower = (fileName ?? '').toLowerCase();
  return Object.values(ALLOWED).find((type) => type.extensions.some((e) => lower.endsWith(e)))?.kind;
}

/** The client's file name, kept only as metadata: no path, nothing invisible, sensible length. */
export function cleanFileName(raw: string | undefined, ext: string): string {
  let name = visibleName(
    (raw ?? '')
      .split(/[/\\]/)
      .pop()!
      .replace(/[<>:"|?*]/g, ''),
  );
  if ([...name].length > 120) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = [...name.slice(0, name.length - extension.length)].slice(0, 100).join('') + extension;
  }
  // The name ends in an extension that fits the content, so it opens with the right program.
  const extensions = ALLOWED[ext]?.extensions ?? [];
  const lower = name.toLowerCase();
  if (!extensions.some((e) => lower.endsWith(e))) name += extensions[0] ?? '';
  return name;
}
