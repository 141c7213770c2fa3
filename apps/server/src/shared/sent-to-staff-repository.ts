import { isNotNull } from 'drizzle-orm';
import { applications } from '../db/schema';

/** Staff see what was sent to them: applications submitted at least once (never bare drafts). */
export const SENT_TO_STAFF = isNotNull(applications.submittedAt);
