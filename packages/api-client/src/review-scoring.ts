// A review's arithmetic that both sides need: the server on save and in the ranking, the console
// for the expert's live total and the list of what is still missing before submitting.
import type { Criterion } from './schemas/review';

/** Figures are kept and shown to two decimals. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * A review's total on a 0–100 scale: each score placed within its criterion's range, weighted.
 * Null until every criterion has a score.
 */
export function weightedTotal(criteria: readonly Criterion[], scores: Readonly<Record<string, number>>): number | null {
  let weighted = 0;
  let weights = 0;
  for (const c of criteria) {
    const score = scores[c.key];
    if (score === undefined) return null;
    weighted += (c.weight * (score - c.min)) / (c.max - c.min);
    weights += c.weight;
  }
  return weights > 0 ? round2((100 * weighted) / weights) : null;
}

/** An unknown key as the message quotes it: whatever length was sent, the message stays readable. */
const shortKey = (key: string) => {
  const characters = Array.from(key); // whole characters: an emoji is never cut in half
  return characters.length > 20 ? `${characters.slice(0, 20).join('')}…` : key;
};

/**
 * What is wrong with scores against the scheme, one message per problem naming the criterion:
 * unknown keys, values out of range or not whole, and (when `complete`) missing ones.
 */
export function scoreProblems(criteria: readonly Criterion[], scores: Readonly<Record<string, number>>, complete: boolean): string[] {
  const byKey = new Map(criteria.map((c) => [c.key, c]));
  const problems: string[] = [];
  for (const key of Object.keys(scores)) if (!byKey.has(key)) problems.push(`评分：“${shortKey(key)}”不在评审方案中`);
  for (const c of criteria) {
    const score = scores[c.key];
    if (score === undefined) {
      if (complete) problems.push(`${c.label}：请评分`);
    } else if (!Number.isInteger(score) || score < c.min || score > c.max) {
      problems.push(`${c.label}：应为 ${c.min}–${c.max} 之间的整数`);
    }
  }
  return problems;
}
