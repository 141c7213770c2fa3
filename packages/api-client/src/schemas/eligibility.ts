import { z } from 'zod';
import { fieldOptionSchema } from '../forms/definition';
import { dateTimeSchema } from './common';

// Eligibility questions of a call (issue 13): staff define them, the applicant answers them before
// starting a form, and the server checks them again when the draft is created and on submit.

export const ELIGIBILITY_KINDS = ['yesNo', 'choice', 'number', 'enterpriseAuthenticated', 'applicationsThisYear'] as const;
export type EligibilityKind = (typeof ELIGIBILITY_KINDS)[number];
export const ELIGIBILITY_KIND_LABELS: Record<EligibilityKind, string> = {
  yesNo: '是 / 否',
  choice: '单项选择',
  number: '数字',
  enterpriseAuthenticated: '自动：是否已完成企业认证',
  applicationsThisYear: '自动：本年度已申报项目数',
};
/** Kinds the platform answers itself; the applicant is not asked. */
export const AUTOMATIC_ELIGIBILITY_KINDS: readonly EligibilityKind[] = ['enterpriseAuthenticated', 'applicationsThisYear'];

const base = {
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, '问题标识须以字母开头，只含字母、数字和下划线，最长 64 个字符'),
  label: z.string().trim().min(1, '问题不能为空').max(200, '问题不能超过 200 个字'),
  /** Shown to an applicant whose answer does not qualify. */
  reason: z.string().trim().min(1, '请填写不符合时的说明').max(500, '不符合时的说明不能超过 500 个字'),
};
const bound = z.number({ error: '应为数字' }).optional();
const reversed = (q: { min?: number; max?: number }) => q.min !== undefined && q.max !== undefined && q.min > q.max;

const yesNo = z.object({ ...base, kind: z.literal('yesNo'), qualifying: z.boolean({ error: '请选择符合条件的回答' }) });
const choice = z
  .object({
    ...base,
    kind: z.literal('choice'),
    options: z.array(fieldOptionSchema).min(2, '至少需要两个选项'),
    qualifying: z.array(z.string()).min(1, '至少选择一个符合条件的选项'),
  })
  .refine((q) => new Set(q.options.map((o) => o.value)).size === q.options.length, { message: '选项的值不能重复', path: ['options'] })
  .refine((q) => q.qualifying.every((v) => q.options.some((o) => o.value === v)), { message: '符合条件的选项须是问题的选项', path: ['qualifying'] });
const number = z
  .object({ ...base, kind: z.literal('number'), min: bound, max: bound, integer: z.boolean().optional() })
  .refine((q) => !reversed(q), { message: '最小值不能大于最大值', path: ['max'] });
const enterpriseAuthenticated = z.object({ ...base, kind: z.literal('enterpriseAuthenticated') });
/** Qualifies when the count of other calls applied to this year lies in [min, max]. */
const applicationsThisYear = z
  .object({ ...base, kind: z.literal('applicationsThisYear'), min: bound, max: bound })
  .refine((q) => !reversed(q), { message: '最小值不能大于最大值', path: ['max'] });

export const eligibilityQuestionSchema = z.discriminatedUnion('kind', [yesNo, choice, number, enterpriseAuthenticated, applicationsThisYear]);
export type EligibilityQuestion = z.infer<typeof eligibilityQuestionSchema>;

export const eligibilityQuestionsSchema = z
  .array(eligibilityQuestionSchema, { error: '申报资格问题应为列表' })
  .max(20, '申报资格问题最多 20 个')
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, index) => {
      if (seen.has(q.key)) ctx.addIssue({ code: 'custom', message: `问题标识「${q.key}」重复`, path: [index, 'key'] });
      seen.add(q.key);
    });
  });

/** The applicant's answers by question key (automatic questions need none). */
export const eligibilityAnswersSchema = z.record(
  z.string(),
  z.union([z.boolean(), z.string().max(200), z.number()], { error: '申报资格的回答应为是否、选项或数字' }),
  { error: '申报资格的回答格式不正确' },
);
export type EligibilityAnswers = z.infer<typeof eligibilityAnswersSchema>;

export const eligibilityResultSchema = z.object({
  key: z.string(),
  label: z.string(),
  automatic: z.boolean(),
  /** The raw answer, kept so that a submit can check it again. */
  value: z.union([z.boolean(), z.string(), z.number()]).nullable(),
  /** The answer as text, e.g. 是, 2. */
  answer: z.string(),
  qualified: z.boolean(),
  /** Why not, when not qualified. */
  reason: z.string().nullable(),
});
export type EligibilityResult = z.infer<typeof eligibilityResultSchema>;

export const eligibilityCheckSchema = z.object({
  qualified: z.boolean(),
  results: z.array(eligibilityResultSchema),
  checkedAt: dateTimeSchema,
});
export type EligibilityCheck = z.infer<typeof eligibilityCheckSchema>;

export const eligibilityBody = z.object({ answers: eligibilityAnswersSchema.default({}) });

/** What the platform knows about the applicant for the automatic questions. */
export interface EligibilityFacts {
  enterpriseAuthenticated: boolean;
  applicationsThisYear: number;
}

const NOT_ANSWERED = '未回答';

function answerText(question: EligibilityQuestion, value: unknown): string {
  if (value === undefined || value === null || value === '') return NOT_ANSWERED;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (question.kind === 'choice') return question.options.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

function inRange(value: number, q: { min?: number; max?: number }): boolean {
  return (q.min === undefined || value >= q.min) && (q.max === undefined || value <= q.max);
}

/**
 * The answers a person gave, kept in a stored check, that still fit the call's questions: same key
 * and same wording. A question staff added or reworded since is asked again, never answered by an
 * old reply to another question.
 */
export function storedAnswersFor(check: EligibilityCheck | null | undefined, questions: EligibilityQuestion[]): EligibilityAnswers {
  const asked = new Map(questions.filter((q) => !AUTOMATIC_ELIGIBILITY_KINDS.includes(q.kind)).map((q) => [q.key, q.label]));
  const answers: EligibilityAnswers = {};
  for (const result of check?.results ?? []) {
    if (!result.automatic && result.value !== null && asked.get(result.key) === result.label) answers[result.key] = result.value;
  }
  return answers;
}

/** Whether a question a person answers has no fitting answer in the stored check: ask again. */
export function eligibilityToAsk(check: EligibilityCheck | null | undefined, questions: EligibilityQuestion[]): boolean {
  const answers = storedAnswersFor(check, questions);
  return questions.some((q) => !AUTOMATIC_ELIGIBILITY_KINDS.includes(q.kind) && !Object.hasOwn(answers, q.key));
}

/** Checks every question; an unanswered or malformed answer does not qualify. */
export function checkEligibility(questions: EligibilityQuestion[], answers: EligibilityAnswers, facts: EligibilityFacts, now = new Date()): EligibilityCheck {
  const results = questions.map((q): EligibilityResult => {
    // Own keys only: a question keyed `constructor` must not read Object's.
    let value: boolean | string | number | null = Object.hasOwn(answers, q.key) ? (answers[q.key] ?? null) : null;
    let qualified: boolean;
    switch (q.kind) {
      case 'yesNo':
        qualified = typeof value === 'boolean' && value === q.qualifying;
        break;
      case 'choice':
        qualified = typeof value === 'string' && q.qualifying.includes(value);
        break;
      case 'number':
        qualified = typeof value === 'number' && Number.isFinite(value) && (!q.integer || Number.isInteger(value)) && inRange(value, q);
        break;
      case 'enterpriseAuthenticated':
        value = facts.enterpriseAuthenticated;
        qualified = value;
        break;
      case 'applicationsThisYear':
        value = facts.applicationsThisYear;
        qualified = inRange(value, q);
        break;
    }
    const automatic = AUTOMATIC_ELIGIBILITY_KINDS.includes(q.kind);
    return { key: q.key, label: q.label, automatic, value, answer: answerText(q, value), qualified, reason: qualified ? null : q.reason };
  });
  return { qualified: results.every((r) => r.qualified), results, checkedAt: now.toISOString() };
}

/** The 400 message of a check that failed: 申报资格 and the first question not met. */
export function eligibilityProblem(check: EligibilityCheck): { message: string; fields: Record<string, string> } | undefined {
  const failed = check.results.filter((r) => !r.qualified);
  const first = failed[0];
  if (!first) return undefined;
  const fields = Object.fromEntries(failed.map((r) => [`eligibility.${r.key}`, r.answer === NOT_ANSWERED ? '请回答此问题' : (r.reason ?? '不符合申报条件')]));
  const why = first.answer === NOT_ANSWERED ? '未回答' : `不符合：${first.reason ?? ''}`;
  return { message: `申报资格：「${first.label}」${why}`, fields };
}

/** The answers as one line each, `问题：回答`, for exports. */
export function eligibilityText(check: EligibilityCheck | null | undefined): string {
  return (check?.results ?? []).map((r) => `${r.label}：${r.answer}${r.qualified ? '' : `（不符合：${r.reason ?? ''}）`}`).join('\n');
}
