import { scoreProblems, type Criterion, type MyReview, type ReviewRecommendation } from '@flagship/api-client';

/** What the expert is typing: a score may be empty while they think. */
export interface Draft {
  scores: Record<string, number | ''>;
  recommendation: ReviewRecommendation | null;
  commentToStaff: string;
  commentToApplicant: string;
}

export function draftOf(review: MyReview): Draft {
  return {
    scores: Object.fromEntries(review.criteria.map((c) => [c.key, review.review.scores[c.key] ?? ''])),
    recommendation: review.review.recommendation,
    commentToStaff: review.review.commentToStaff,
    commentToApplicant: review.review.commentToApplicant,
  };
}

/** The scores given so far (empty ones left out, as a draft may). */
export function givenScores(draft: Draft): Record<string, number> {
  return Object.fromEntries(Object.entries(draft.scores).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** The body of a save, without version and submit; the applicant's comment only where the round has one. */
export function saveBodyOf(draft: Draft, applicantComments: boolean) {
  return {
    scores: givenScores(draft),
    recommendation: draft.recommendation,
    commentToStaff: draft.commentToStaff,
    commentToApplicant: applicantComments ? draft.commentToApplicant : '',
  };
}

/** Compares drafts by what a save would send. */
export function sameContent(a: Draft, b: Draft, applicantComments: boolean): boolean {
  return JSON.stringify(saveBodyOf(a, applicantComments)) === JSON.stringify(saveBodyOf(b, applicantComments));
}

/**
 * After another window saved: what it saved, with what was typed here on top (a score or a
 * comment given here wins; what is empty here takes the other window's).
 */
export function keepTyped(mine: Draft, theirs: Draft): Draft {
  const scores = { ...theirs.scores };
  for (const [key, value] of Object.entries(mine.scores)) if (value !== '') scores[key] = value;
  return {
    scores,
    recommendation: mine.recommendation ?? theirs.recommendation,
    commentToStaff: mine.commentToStaff.trim() ? mine.commentToStaff : theirs.commentToStaff,
    commentToApplicant: mine.commentToApplicant.trim() ? mine.commentToApplicant : theirs.commentToApplicant,
  };
}

/** What is still missing or wrong before the review can be submitted, one line each. */
export function missingBeforeSubmit(criteria: readonly Criterion[], draft: Draft): string[] {
  const problems = scoreProblems(criteria, givenScores(draft), true);
  if (!draft.recommendation) problems.push('推荐意见：请选择');
  return problems;
}

/** The band a score falls in, if the criterion describes it. */
export function bandOf(criterion: Criterion, score: number | ''): Criterion['bands'][number] | undefined {
  return score === '' ? undefined : criterion.bands.find((band) => score >= band.min && score <= band.max);
}
