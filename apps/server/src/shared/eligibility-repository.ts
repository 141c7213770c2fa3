import { checkEligibility, type EligibilityAnswers, type EligibilityCheck, type EligibilityQuestion } from '@flagship/api-client';
import { and, countDistinct, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { applications, projects } from '../db/schema';
import { BEIJING_OFFSET_MS, beijingYear } from '../lib/beijing-time';
import { enterpriseStatusOf } from './enterprise-authentication-repository';

/** A call's eligibility questions (published or not: an applicant may be finishing a returned application). */
export async function projectEligibility(db: Executor, projectId: number): Promise<EligibilityQuestion[]> {
  const [row] = await db.select({ eligibility: projects.eligibility }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.eligibility ?? [];
}

/** Calls other than this one the applicant submitted to in this Beijing year (withdrawn ones do not count). */
async function applicationsThisYear(db: Executor, userId: number, projectId: number, now: Date): Promise<number> {
  const year = beijingYear(now);
  const start = new Date(Date.UTC(year, 0, 1) - BEIJING_OFFSET_MS);
  const end = new Date(Date.UTC(year + 1, 0, 1) - BEIJING_OFFSET_MS);
  const [row] = await db
    .select({ count: countDistinct(applications.projectId) })
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        ne(applications.projectId, projectId),
        isNull(applications.deletedAt),
        inArray(applications.status, ['submitted', 'reviewing', 'returned', 'approved', 'rejected']),
        gte(applications.submittedAt, start),
        lt(applications.submittedAt, end),
      ),
    );
  return Number(row?.count ?? 0);
}

/** The applicant's answers checked against the call's questions, with the facts the platform knows. */
export async function checkApplicantEligibility(
  db: Executor,
  userId: number,
  projectId: number,
  questions: EligibilityQuestion[],
  answers: EligibilityAnswers,
  now = new Date(),
): Promise<EligibilityCheck> {
  const needs = (kind: EligibilityQuestion['kind']) => questions.some((q) => q.kind === kind);
  const [status, count] = await Promise.all([
    needs('enterpriseAuthenticated') ? enterpriseStatusOf(db, userId) : null,
    needs('applicationsThisYear') ? applicationsThisYear(db, userId, projectId, now) : 0,
  ]);
  return checkEligibility(questions, answers, { enterpriseAuthenticated: status === 1, applicationsThisYear: count }, now);
}

