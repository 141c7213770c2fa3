import { buildPath, buildQuery, endpoints, type ApplyStatus } from '@flagship/api-client';
import { session } from './api';

// Files the browser downloads itself: a link cannot carry the authKey header, so the staff token
// travels as `authkey` (as the SDK's own export links do).

/** The applications of a call as a spreadsheet (.xlsx, one sheet per form). */
export function exportUrl(projectId: number, filter: { formId?: number; status?: ApplyStatus } = {}): string {
  return `${buildPath(endpoints.console.applyExport.path, { projectId })}${buildQuery({ ...filter, authkey: session.getToken() })}`;
}

/** The chosen applications as one .zip (each one's .docx and its attachments). */
export function downloadUrl(projectId: number, ids: number[]): string {
  return `${buildPath(endpoints.console.applyDownload.path, { projectId })}${buildQuery({ ids, authkey: session.getToken() })}`;
}

/** The console's own print view of the chosen applications. */
export function printPath(projectId: number, ids: number[]): string {
  return `/print${buildQuery({ projectId, ids })}`;
}
