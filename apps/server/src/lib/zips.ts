// The zips the site hands out: one application's package (the applicant's download and each
// entry of staff's), and staff's zip of several packages. What goes into them is read in
// shared/download-jobs-repository.ts.
import { zipSync, type Zippable } from 'fflate';

export interface PackageFile {
  name: string;
  mime: string;
  body: Uint8Array;
}

/** Unique names inside the zip: `a.pdf`, `a (2).pdf`. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

const COMPRESSED = /^(image\/|application\/(pdf|zip|vnd\.openxmlformats))/;

/** One application's package: its document at the top, the attachments under `附件/`. */
export function packageZip(document: Omit<PackageFile, 'mime'>, attachments: PackageFile[]): Buffer {
  const entries: Zippable = { [document.name]: [document.body, { level: 0 }] };
  const taken = new Set<string>();
  for (const file of attachments) {
    entries[`附件/${uniqueName(file.name, taken)}`] = [file.body, { level: COMPRESSED.test(file.mime) ? 0 : 6 }];
  }
  return Buffer.from(zipSync(entries));
}

/** Several finished zips in one, stored as they are: `a.zip`, `a (2).zip`. */
export function zipOfZips(files: { name: string; body: Uint8Array }[]): Buffer {
  const entries: Zippable = {};
  const taken = new Set<string>();
  for (const file of files) entries[uniqueName(file.name, taken)] = [file.body, { level: 0 }];
  return Buffer.from(zipSync(entries));
}
