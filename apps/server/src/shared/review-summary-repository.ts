// Expert reviews with their scores and the experts' names: staff's exports and staff's copy of an
// application's document (never the applicant's, never an expert's).
import type { AssignmentStatus, ReviewRecommendation } from '@flagship/api-client';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { applications, experts, projects, reviewAssignments, reviewRounds, staff, users } from '../db/schema';
import type { ReviewSummary } from '../lib/documents';
import { aggregate } from './review-scoring';

export interface RoundReview {
  applicationId: number;
  serialNumber: string | null;
  applicationTitle: string;
  applicantName: string;
  expertName: string;
  /** The expert's review account, null without one. */
  expertAccount: string | null;
  status: AssignmentStatus;
  conflictReason: string | null;
  scores: Record<string, number>;
  total: number | null;
  recommendation: ReviewRecommendation | null;
  commentToStaff: string;
  commentToApplicant: string;
  submittedAt: Date | null;
}

/** Every assignment of the round (of one application when given), by serial number then expert. */
export async function roundReviews(db: Executor, roundId: number, applicationId?: number): Promise<RoundReview[]> {
  const rows = await db
    .select({
      applicationId: reviewAssignments.applicationId,
      serialNumber: applications.serialNumber,
      applicationTitle: sql<string>`coalesce(nullif(${applications.data}->>'projectName', ''), ${projects.title})`,
      applicantName: users.name,
      applicantAccount: users.account,
      expertName: experts.name,
      expertAccount: staff.account,
      status: reviewAssignments.status,
      conflictReason: reviewAssignments.conflictReason,
      scores: reviewAssignments.scores,
      total: reviewAssignments.total,
      recommendation: reviewAssignments.recommendation,
      commentToStaff: reviewAssignments.commentToStaff,
      commentToApplicant: reviewAssignments.commentToApplicant,
      submittedAt: reviewAssignments.submittedAt,
    })
    .from(reviewAssignments)
    .innerJoin(applications, eq(applications.id, reviewAssignments.applicationId))
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(experts, eq(experts.id, reviewAssignments.expertId))
    .leftJoin(staff, and(eq(staff.expertId, experts.id), eq(staff.role, 'expert')))
    .where(and(eq(reviewAssignments.roundId, roundId), applicationId === undefined ? undefined : eq(reviewAssignments.applicationId, applicationId), isNull(applications.deletedAt)))
    .orderBy(asc(applications.serialNumber), asc(applications.id), asc(experts.name), asc(reviewAssignments.id));
  return rows.map(({ applicantAccount, ...r }) => ({ ...r, applicantName: r.applicantName || applicantAccount }));
}


/** The submitted reviews of an application in its call's current round; null without any. */
export async function reviewSummaryOf(db: Executor, application: { id: number; projectId: number }): Promise<ReviewSummary | null> {
  const [round] = await db.select().from(reviewRounds).where(eq(reviewRounds.projectId, application.projectId)).orderBy(desc(reviewRounds.number)).limit(1);
  if (!round) return null;
  const reviews = (await roundReviews(db, round.id, application.id)).filter((r) => r.status === 'submitted');
  if (reviews.length === 0) return null;
  const totals = reviews.flatMap((r) => (r.total === null ? [] : [r.total]));
  return { roundNumber: round.number, criteria: round.criteria, reviews, figures: aggregate(totals) };
}
