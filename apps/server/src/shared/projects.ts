import type { ProjectStatus } from '@flagship/api-client';

/** A call's status follows from its window. */
export function projectStatus(applyStart: Date, applyEnd: Date, now = new Date()): ProjectStatus {
  if (now < applyStart) return 'upcoming';
  if (now > applyEnd) return 'closed';
  return 'open';
}
