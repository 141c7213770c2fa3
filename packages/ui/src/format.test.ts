import { describe, expect, it } from 'vitest';
import { formatBudget, toId } from './format';

describe('formats', () => {
  it('formats budgets and ids', () => {
    expect(formatBudget(9_000_000)).toBe('900 万元');
    expect(formatBudget(5_000)).toBe('5,000.00 元');
    expect(toId('12')).toBe(12);
    expect(toId('1e3')).toBeUndefined();
    expect(toId(null)).toBeUndefined();
  });

  it('shows no amount for a budget that was not set', () => {
    expect(formatBudget(0)).toBe('—');
  });
});
