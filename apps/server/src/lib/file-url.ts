// The address of an upload, as the contract's `files.get` endpoint serves it.

const FILE_URL = /^\/api\/file\/(\d+)$/;

export function fileUrl(id: number): string {
  return `/api/file/${id}`;
}

/** The upload id of an address on this site, or null for any other address. */
export function uploadIdOfUrl(url: string): number | null {
  const match = FILE_URL.exec(url);
  return match ? Number(match[1]) : null;
}
