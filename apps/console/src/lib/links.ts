import { buildPath, buildQuery, endpoints } from '@flagship/api-client';
import { session } from './api';

// Files the browser downloads itself: a link cannot carry the authKey header, so the staff token
// travels as `authkey` (as the SDK's own export links do).

/** The file of a finished export or batch download job (see features/applications/staff-job.tsx). */
export function jobFileUrl(name: string): string {
  return `${buildPath(endpoints.console.jobFile.path, { name })}${buildQuery({ authkey: session.getToken() })}`;
}

/** The call's review as a workbook (ranking, every score, the assignments). */
export function reviewExportUrl(projectId: number): string {
  return `${buildPath(endpoints.console.reviewExport.path, { projectId })}${buildQuery({ authkey: session.getToken() })}`;
}

/** The console's own print view of the chosen applications. */
export function printPath(projectId: number, ids: number[]): string {
  return `/print${buildQuery({ projectId, ids })}`;
}
