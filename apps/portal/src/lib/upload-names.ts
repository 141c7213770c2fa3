// The API keeps only upload ids in application data; names of files uploaded from this browser
// are remembered here so that they can be shown again after a reload.
const KEY = 'flagship-portal-uploads';

export interface UploadMeta {
  name: string;
  size: number;
  mime: string;
}

function readAll(): Record<string, UploadMeta> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, UploadMeta>;
  } catch {
    return {};
  }
}

export function rememberUpload(id: number, meta: UploadMeta): void {
  const all = readAll();
  all[id] = meta;
  const entries = Object.entries(all);
  // Keep the newest few hundred.
  const kept = Object.fromEntries(entries.slice(Math.max(0, entries.length - 300)));
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: names are a convenience only.
  }
}

export function uploadMeta(id: number): UploadMeta | undefined {
  return readAll()[id];
}
