// A review round in progress on the stage-art call, so that a fresh demo shows expert review at
// once: three experts of the library with review accounts (they sign in to the console), each
// in-review application assigned to all three, some scores in, one conflict declared.
import type { Criterion } from '@flagship/api-client';
import { and, eq, inArray } from 'drizzle-orm';
import { weightedTotal } from '../../shared/review-scoring';
import type { Executor } from '../client';
import { applications, experts, projects, reviewAssignments, reviewRounds, staff, staffInvitations } from '../schema';
import { sha256Hex } from '../../auth/tokens';

const DAY_MS = 86_400_000;

/** The call under review (its title ends with this). */
const CALL = '舞台艺术精品创作扶持项目';

export const DEMO_EXPERT_PASSWORD = 'Expert@2026';

/** Library experts given review accounts, by name, with their login. */
export const DEMO_EXPERTS = [
  { name: '陈望舒', account: 'chen.wangshu@example.org' },
  { name: '林书远', account: 'lin.shuyuan@example.org' },
  { name: '周雅宁', account: 'zhou.yaning@example.org' },
] as const;

const CRITERIA: Criterion[] = [
  {
    key: 'artistry',
    label: '艺术价值',
    guidance: '题材立意、艺术表现与创新程度。',
    weight: 40,
    min: 0,
    max: 10,
    bands: [
      { min: 0, max: 4, label: '不足' },
      { min: 5, max: 7, label: '良好' },
      { min: 8, max: 10, label: '优秀' },
    ],
  },
  { key: 'feasibility', label: '实施可行性', guidance: '主创团队、排演计划与进度安排是否可行。', weight: 30, min: 0, max: 10, bands: [] },
  { key: 'impact', label: '社会效益', guidance: '演出场次、受众覆盖与公共文化服务。', weight: 30, min: 0, max: 10, bands: [] },
];

type Scores = Record<string, number>;

export interface ExpertReviewOptions {
  now: Date;
  /** Hash of DEMO_EXPERT_PASSWORD. */
  passwordHash: string;
  /** The admin who set the round up. */
  adminId: number | null;
}

export async function seedExpertReview(tx: Executor, options: ExpertReviewOptions): Promise<{ reviewAssignments: number }> {
  const { now } = options;
  const [call] = await tx
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(eq(projects.published, true))
    .then((rows) => rows.filter((r) => r.title.endsWith(CALL)));
  if (!call) throw new Error(`Seed data has no call ending with ${CALL}`);
  const inReview = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.projectId, call.id), inArray(applications.status, ['submitted', 'reviewing'])))
    .orderBy(applications.id);
  const expertRows = await tx
    .select({ id: experts.id, name: experts.name })
    .from(experts)
    .where(inArray(experts.name, DEMO_EXPERTS.map((e) => e.name)));
  const expertId = (name: string) => {
    const row = expertRows.find((e) => e.name === name);
    if (!row) throw new Error(`Seed data refers to an unknown expert: ${name}`);
    return row.id;
  };

  for (const e of DEMO_EXPERTS) {
    const [account] = await tx
      .insert(staff)
      .values({ account: e.account, passwordHash: options.passwordHash, name: e.name, role: 'expert', expertId: expertId(e.name) })
      .returning({ id: staff.id });
    if (!account) throw new Error('Seeding an expert account returned no row');
    const invitedAt = new Date(now.getTime() - 6 * DAY_MS);
    await tx.insert(staffInvitations).values({
      staffId: account.id,
      tokenHash: sha256Hex(`demo-invitation-${e.account}`),
      createdAt: invitedAt,
      expiresAt: new Date(invitedAt.getTime() + 7 * DAY_MS),
      acceptedAt: new Date(invitedAt.getTime() + DAY_MS),
    });
  }

  const [round] = await tx
    .insert(reviewRounds)
    .values({
      projectId: call.id,
      number: 1,
      criteria: CRITERIA,
      applicantComments: true,
      blind: false,
      peerVisibility: 'after_submit',
      reviewStartsAt: new Date(now.getTime() - 2 * DAY_MS),
      reviewEndsAt: new Date(now.getTime() + 5 * DAY_MS),
      expertsPerApplication: 3,
      disagreementThreshold: 20,
      reminderDaysBefore: 2,
      createdAt: new Date(now.getTime() - 7 * DAY_MS),
      updatedAt: new Date(now.getTime() - 7 * DAY_MS),
    })
    .returning({ id: reviewRounds.id });
  if (!round) throw new Error('Seeding a review round returned no row');

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const submitted = (scores: Scores, recommendation: 'fund' | 'fund_with_changes' | 'do_not_fund', comment: string, forApplicant: string) => ({
    status: 'submitted' as const,
    declaredAt: at(2),
    scores,
    total: weightedTotal(CRITERIA, scores),
    recommendation,
    commentToStaff: comment,
    commentToApplicant: forApplicant,
    version: 2,
    savedAt: at(1),
    submittedAt: at(1),
  });
  // Per application in review, per expert: what they have done so far.
  const plan: Record<string, Partial<typeof reviewAssignments.$inferInsert>>[] = [
    {
      陈望舒: submitted({ artistry: 9, feasibility: 8, impact: 8 }, 'fund', '题材扎实，主创团队成熟。', '剧本结构完整，建议加强第三幕的节奏。'),
      林书远: submitted({ artistry: 8, feasibility: 7, impact: 9 }, 'fund', '巡演计划可行。', '公益场次安排合理。'),
      周雅宁: {},
    },
    {
      陈望舒: submitted({ artistry: 6, feasibility: 5, impact: 7 }, 'fund_with_changes', '预算需细化。', '建议细化排练与制作预算。'),
      林书远: { status: 'declared', declaredAt: at(1), scores: { artistry: 7 }, version: 1, savedAt: at(1) },
      周雅宁: { status: 'conflict', declaredAt: at(1), conflictReason: '曾担任该剧目的艺术顾问' },
    },
  ];
  const values = inReview.flatMap((application, i) =>
    DEMO_EXPERTS.map((e) => ({
      roundId: round.id,
      applicationId: application.id,
      expertId: expertId(e.name),
      assignedBy: options.adminId,
      createdAt: at(3),
      ...(plan[i]?.[e.name] ?? {}),
    })),
  );
  if (values.length > 0) await tx.insert(reviewAssignments).values(values);
  return { reviewAssignments: values.length };
}
