// What download jobs need that knows no table: the package's zip and the sweeping timer. The
// jobs themselves (their rows, what goes into a package) are in shared/download-jobs-repository.ts.
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

/** Run `sweep` every `intervalMs` until the returned function is called. */
export function startSweeper(intervalMs: number, sweep: () => Promise<void>, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweep().catch(onError);
  }, intervalMs);
  // The sweeper alone must not keep the process alive.
  timer.unref();
  return () => clearInterval(timer);
}
