import { describe, expect, it } from 'vitest';
import { flattenIssues } from '../forms/builder';
import { checkEligibility, eligibilityProblem, eligibilityQuestionsSchema, eligibilityText, eligibilityToAsk, storedAnswersFor, type EligibilityQuestion } from './eligibility';

const questions: EligibilityQuestion[] = [
  { key: 'licensed', kind: 'yesNo', label: '是否具有演出经营许可证', qualifying: true, reason: '须持有演出经营许可证' },
  {
    key: 'kind',
    kind: 'choice',
    label: '申报主体类型',
    options: [
      { label: '企业', value: 'company' },
      { label: '个人', value: 'person' },
    ],
    qualifying: ['company'],
    reason: '本项目只接受企业申报',
  },
  { key: 'staff', kind: 'number', label: '专职人员数', min: 3, integer: true, reason: '专职人员不少于 3 人' },
  { key: 'verified', kind: 'enterpriseAuthenticated', label: '是否已完成企业认证', reason: '请先完成企业认证' },
  { key: 'count', kind: 'applicationsThisYear', label: '本年度已申报项目数', max: 1, reason: '每年最多申报 2 个项目' },
];
const now = new Date('2026-11-27T00:00:00Z');

describe('checkEligibility', () => {
  it('qualifies when every answer and fact does', () => {
    const check = checkEligibility(questions, { licensed: true, kind: 'company', staff: 3 }, { enterpriseAuthenticated: true, applicationsThisYear: 1 }, now);
    expect(check.qualified).toBe(true);
    expect(check.results.map((r) => r.answer)).toEqual(['是', '企业', '3', '是', '1']);
    expect(eligibilityProblem(check)).toBeUndefined();
    expect(check.checkedAt).toBe('2026-11-27T00:00:00.000Z');
  });

  it('names each question not met with its reason, the first in the message', () => {
    const check = checkEligibility(questions, { licensed: false, kind: 'person', staff: 2.5 }, { enterpriseAuthenticated: false, applicationsThisYear: 2 }, now);
    expect(check.qualified).toBe(false);
    expect(check.results.every((r) => !r.qualified)).toBe(true);
    expect(eligibilityProblem(check)?.message).toBe('申报资格：「是否具有演出经营许可证」不符合：须持有演出经营许可证');
    expect(eligibilityProblem(check)?.fields).toMatchObject({ 'eligibility.kind': '本项目只接受企业申报', 'eligibility.count': '每年最多申报 2 个项目' });
    expect(eligibilityText(check)).toContain('申报主体类型：个人（不符合：本项目只接受企业申报）');
  });

  it('does not qualify unanswered or wrongly typed answers', () => {
    const check = checkEligibility(questions, { licensed: 'true', staff: '5' }, { enterpriseAuthenticated: true, applicationsThisYear: 0 }, now);
    expect(check.results.slice(0, 3).map((r) => r.qualified)).toEqual([false, false, false]);
    expect(check.results[1]!.answer).toBe('未回答');
    expect(eligibilityProblem(check)?.fields['eligibility.kind']).toBe('请回答此问题');
  });
});

describe('eligibilityQuestionsSchema', () => {
  it('refuses questions without a reason, qualifying options that are not options, reversed ranges and repeated keys', () => {
    const result = eligibilityQuestionsSchema.safeParse([
      { ...questions[0], reason: '' },
      { ...questions[1], qualifying: ['robot'] },
      { ...questions[2], min: 5, max: 1 },
      { ...questions[3], key: 'licensed' },
    ]);
    expect(result.success).toBe(false);
    expect(flattenIssues(result.error!)).toEqual({
      '0.reason': '请填写不符合时的说明',
      '1.qualifying': '符合条件的选项须是问题的选项',
      '2.max': '最小值不能大于最大值',
      '3.key': '问题标识「licensed」重复',
    });
    expect(eligibilityQuestionsSchema.safeParse(questions).success).toBe(true);
  });
});

describe('stored answers against today\'s questions', () => {
  const facts = { enterpriseAuthenticated: true, applicationsThisYear: 0 };
  const stored = checkEligibility(questions, { licensed: true, kind: 'company', staff: 5 }, facts, now);

  it('keeps the answers whose question is asked as it was, and asks again when one was added or reworded', () => {
    expect(storedAnswersFor(stored, questions)).toEqual({ licensed: true, kind: 'company', staff: 5 });
    expect(eligibilityToAsk(stored, questions)).toBe(false);

    const reworded = questions.map((q) => (q.key === 'staff' ? { ...q, label: '专职创作人员数' } : q));
    expect(storedAnswersFor(stored, reworded)).toEqual({ licensed: true, kind: 'company' });
    expect(eligibilityToAsk(stored, reworded)).toBe(true);

    const added: EligibilityQuestion[] = [...questions, { key: 'venue', kind: 'yesNo', label: '是否有固定演出场所', qualifying: true, reason: '须有固定场所' }];
    expect(eligibilityToAsk(stored, added)).toBe(true);
    expect(eligibilityToAsk(null, questions)).toBe(true);
  });

  it('never reads an answer a question keyed like an object property did not get', () => {
    const own: EligibilityQuestion[] = [{ key: 'constructor', kind: 'yesNo', label: '是否具有许可证', qualifying: true, reason: '须持有许可证' }];
    const check = checkEligibility(own, {}, facts, now);
    expect(check.results[0]).toMatchObject({ value: null, qualified: false });
  });
});
