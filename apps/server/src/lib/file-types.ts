import { fileTypeFromBuffer } from 'file-type';
import { visibleName } from './file-names';

/** What may be uploaded, by the type sniffed from the content (never the name or the header). */
const ALLOWED: Record<string, { mime: string; extensions: string[] }> = {
  jpg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg', '.jpe', '.jfif'] },
  png: { mime: 'image/png', extensions: ['.png'] },
  apng: { mime: 'image/png', extensions: ['.png', '.apng'] },
  gif: { mime: 'image/gif', extensions: ['.gif'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['.pptx'] },
  zip: { mime: 'application/zip', extensions: ['.zip'] },
  doc: { mime: 'application/msword', extensions: ['.doc'] },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['.xls'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', extensions: ['.ppt'] },
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
