import { fileTypeFromBuffer } from 'file-type';

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

/** The upload's type from its content, or undefined when it is not one that may be uploaded. */
export async function sniffType(buffer: Buffer): Promise<{ ext: string; mime: string } | undefined> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type) return undefined;
  let ext: string = type.ext;
  if (ext === 'cfb') {
    const found = CFB_STREAMS.find(([stream]) => buffer.includes(Buffer.from(stream, 'utf16le')));
    if (!found) return undefined;
    ext = found[1];
  }
  const allowed = ALLOWED[ext];
  return allowed ? { ext, mime: allowed.mime } : undefined;
}

/** The client's file name, kept only as metadata: no path, no control characters, sensible length. */
export function cleanFileName(raw: string | undefined, ext: string): string {
  let name = (raw ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
    .replace(/^\.+/, '');
  if ([...name].length > 120) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = [...name.slice(0, name.length - extension.length)].slice(0, 100).join('') + extension;
  }
  if (!name) name = 'file';
  // The name ends in an extension that fits the content, so it opens with the right program.
  const extensions = ALLOWED[ext]?.extensions ?? [];
  const lower = name.toLowerCase();
  if (!extensions.some((e) => lower.endsWith(e))) name += extensions[0] ?? '';
  return name;
}
