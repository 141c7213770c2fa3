import { api } from './api';

/** An upload's id in a `/api/file/{id}` link, if it is one. */
export function uploadIdOf(url: string): number | undefined {
  const match = /^\/api\/file\/(\d+)(?:[?#]|$)/.exec(url);
  return match ? Number(match[1]) : undefined;
}

/**
 * Where the browser opens a stored file: links to this site's uploads get the staff token
 * (`authkey`), since a link the browser follows cannot carry the authKey header.
 */
export function fileHref(urlOrId: string | number): string {
  if (typeof urlOrId === 'number') return api.urls.file({ id: urlOrId });
  const id = uploadIdOf(urlOrId);
  return id ? api.urls.file({ id }) : urlOrId;
}
