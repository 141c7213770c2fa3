// The arithmetic of expert review, one place for the expert's save, the ranking and the tests.
import { round2, type AssignmentStatus, type ReviewPhase, type ReviewRecommendation } from '@flagship/api-client';

// weightedTotal and scoreProblems live in the contract: the console computes the live total too.
export { scoreProblems, weightedTotal } from '@flagship/api-client';

/** Still on the expert's desk: neither submitted nor given back as a conflict. */
export const OUTSTANDING = ['assigned', 'declared'] as const satisfies readonly AssignmentStatus[];
export const isOutstanding = (status: AssignmentStatus): boolean => (OUTSTANDING as readonly AssignmentStatus[]).includes(status);

/** Outstanding once the reviewing phase has closed. */
export function isOverdue(status: AssignmentStatus, round: { reviewEndsAt: Date }, now: Date = new Date()): boolean {
  return isOutstanding(status) && now >= round.reviewEndsAt;
}

/** The phase a round is in at `now`, from its dates. */
export function phaseOf(round: { reviewStartsAt: Date; reviewEndsAt: Date }, now: Date = new Date()): ReviewPhase {
  if (now < round.reviewStartsAt) return 'assignment';
  if (now < round.reviewEndsAt) return 'reviewing';
  return 'closed';
}

export interface Aggregate {
  reviews: number;
  mean: number | null;
  median: number | null;
  /** Without the single highest and lowest when there are at least five; else the mean. */
  trimmedMean: number | null;
  spread: number | null;
}

/** TRIM_FROM reviews and more: drop the single highest and lowest, as Chinese review panels do. */
export const TRIM_FROM = 5;

const average = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Mean, median, trimmed mean and spread of an application's review totals. */
export function aggregate(totals: readonly number[]): Aggregate {
  if (totals.length === 0) return { reviews: 0, mean: null, median: null, trimmedMean: null, spread: null };
  const sorted = [...totals].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  const trimmed = sorted.length >= TRIM_FROM ? sorted.slice(1, -1) : sorted;
  return {
    reviews: sorted.length,
    mean: round2(average(sorted)),
    median: round2(median),
    trimmedMean: round2(average(trimmed)),
    spread: round2((sorted.at(-1) as number) - (sorted[0] as number)),
  };
}

const FAVOURABLE_FIRST: readonly ReviewRecommendation[] = ['fund', 'fund_with_changes', 'do_not_fund'];

/** The most frequent recommendation; a tie goes to the more favourable one. Null without any. */
export function prevailingRecommendation(counts: Readonly<Record<ReviewRecommendation, number>>): ReviewRecommendation | null {
  let best: ReviewRecommendation | null = null;
  for (const r of FAVOURABLE_FIRST) if (counts[r] > 0 && (best === null || counts[r] > counts[best])) best = r;
  return best;
}
