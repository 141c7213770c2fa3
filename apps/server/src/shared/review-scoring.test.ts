import type { Criterion } from '@flagship/api-client';
import { describe, expect, it } from 'vitest';
import { aggregate, phaseOf, prevailingRecommendation, scoreProblems, weightedTotal } from './review-scoring';

const criteria: Criterion[] = [
  { key: 'merit', label: '艺术价值', guidance: '', weight: 3, min: 0, max: 10, bands: [] },
  { key: 'plan', label: '实施方案', guidance: '', weight: 1, min: 0, max: 100, bands: [] },
];

describe('review arithmetic', () => {
  it('weights each score within its own range onto 0–100, and has no total until every criterion is scored', () => {
    expect(weightedTotal(criteria, { merit: 10, plan: 100 })).toBe(100);
    expect(weightedTotal(criteria, { merit: 0, plan: 0 })).toBe(0);
    // (3 × 0.8 + 1 × 0.4) / 4 × 100 = 70
    expect(weightedTotal(criteria, { merit: 8, plan: 40 })).toBe(70);
    expect(weightedTotal(criteria, { merit: 8 })).toBeNull();
  });

  it('names the criterion and the rule of every bad score', () => {
    expect(scoreProblems(criteria, { merit: 11, plan: 2.5, other: 1 }, true)).toEqual([
      '评分：“other”不在评审方案中',
      '艺术价值：应为 0–10 之间的整数',
      '实施方案：应为 0–100 之间的整数',
    ]);
    expect(scoreProblems(criteria, { merit: 5 }, false)).toEqual([]);
    expect(scoreProblems(criteria, { merit: 5 }, true)).toEqual(['实施方案：请评分']);
  });

  it('gives mean, median, spread, and drops the single highest and lowest from five reviews on', () => {
    expect(aggregate([])).toEqual({ reviews: 0, mean: null, median: null, trimmedMean: null, spread: null });
    expect(aggregate([80, 60, 70, 90])).toEqual({ reviews: 4, mean: 75, median: 75, trimmedMean: 75, spread: 30 });
    // Five: 20 and 100 are dropped → (70 + 75 + 80) / 3 = 75.
    expect(aggregate([100, 70, 20, 80, 75])).toEqual({ reviews: 5, mean: 69, median: 75, trimmedMean: 75, spread: 80 });
    expect(aggregate([66.67])).toEqual({ reviews: 1, mean: 66.67, median: 66.67, trimmedMean: 66.67, spread: 0 });
  });

  it('follows the dates through the phases', () => {
    const round = { reviewStartsAt: new Date('2026-12-01T00:00:00Z'), reviewEndsAt: new Date('2026-12-10T00:00:00Z') };
    expect(phaseOf(round, new Date('2026-11-30T23:59:59Z'))).toBe('assignment');
    expect(phaseOf(round, new Date('2026-12-01T00:00:00Z'))).toBe('reviewing');
    expect(phaseOf(round, new Date('2026-12-10T00:00:00Z'))).toBe('closed');
  });

  it('takes the most frequent recommendation, the more favourable on a tie', () => {
    expect(prevailingRecommendation({ fund: 1, fund_with_changes: 2, do_not_fund: 2 })).toBe('fund_with_changes');
    expect(prevailingRecommendation({ fund: 0, fund_with_changes: 0, do_not_fund: 1 })).toBe('do_not_fund');
    expect(prevailingRecommendation({ fund: 0, fund_with_changes: 0, do_not_fund: 0 })).toBeNull();
  });
});
