// What the review round's handlers and its exports share: the round assignments go to, the ranking.
import type { RankingRow, ReviewRecommendation } from '@flagship/api-client';
import type { Database, Executor } from '../../../db/client';
import { conflict } from '../../../http/errors';
import { aggregate, phaseOf } from '../../../shared/review-scoring';
import { currentRound, rankingSource, type RoundRow } from './repository';

const NO_ROUND = '请先设置评审方案';

/** The round assignments go to: it must exist and not be closed. */
export async function openRound(tx: Executor, projectId: number): Promise<RoundRow> {
  const round = await currentRound(tx, projectId, true);
  if (!round) throw conflict(NO_ROUND);
  if (phaseOf(round) === 'closed') throw conflict('评审已结束，不能再分配；如需继续请修改评审结束时间或新建评审轮次');
  return round;
}

/** Ranking order: trimmed mean, then mean, highest first (no reviews last), then serial number. */
function byScore(a: RankingRow, b: RankingRow): number {
  const desc = (x: number | null, y: number | null) => (x === y ? 0 : x === null ? 1 : y === null ? -1 : y - x);
  return (
    desc(a.trimmedMean, b.trimmedMean) ||
    desc(a.mean, b.mean) ||
    (a.serialNumber ?? '\uffff').localeCompare(b.serialNumber ?? '\uffff') ||
    a.applicationId - b.applicationId
  );
}

/** Every application of the call with its figures over the round's submitted reviews, ranked. */
export async function rankedRows(db: Database, projectId: number, round: RoundRow | undefined): Promise<RankingRow[]> {
  const threshold = round?.disagreementThreshold ?? Infinity;
  const rows: RankingRow[] = (await rankingSource(db, projectId, round?.id ?? null)).map((s) => {
    const figures = aggregate(s.totals);
    const recommendations: Record<ReviewRecommendation, number> = { fund: 0, fund_with_changes: 0, do_not_fund: 0 };
    for (const r of s.recommendations) recommendations[r] += 1;
    return {
      rank: 0,
      applicationId: s.applicationId,
      serialNumber: s.serialNumber,
      applicationTitle: s.applicationTitle,
      applicantName: s.applicantName,
      status: s.status,
      assigned: s.assigned,
      reviews: figures.reviews,
      mean: figures.mean,
      median: figures.median,
      trimmedMean: figures.trimmedMean,
      spread: figures.spread,
      flagged: figures.spread !== null && figures.spread > threshold,
      recommendations,
    };
  });
  rows.sort(byScore);
  rows.forEach((row, i) => {
    row.rank = i + 1;
  });
  return rows;
}
