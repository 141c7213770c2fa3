import { sql, type SQL } from 'drizzle-orm';
import { reviewRounds } from '../db/schema';

/**
 * The round in the query is its call's current one: a later round supersedes it, and what was
 * assigned in it is then neither reviewed, reminded nor ranked.
 */
export const CURRENT_ROUND: SQL = sql`not exists (select 1 from review_rounds newer where newer.project_id = ${reviewRounds.projectId} and newer.number > ${reviewRounds.number})`;
