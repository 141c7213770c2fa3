// A database for the expert-review bench: the demo (its admin), 200 library experts with review
// accounts, and two calls of 2 000 submitted applications each: one with a round and nothing
// assigned (automatic assignment), one with 6 000 submitted reviews (the ranking).
import { eq, sql } from 'drizzle-orm';
import { hashToken, newToken, STAFF_TOKEN_PREFIX } from '../../apps/server/src/auth/tokens';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { applications, experts, forms, projects, reviewAssignments, reviewRounds, staff, staffSessions, users } from '../../apps/server/src/db/schema';
import { DEMO_ADMIN, seedDatabase } from '../../apps/server/src/db/seed';
import { storageFor } from '../../apps/server/src/lib/storage';

export const APPLICATIONS = 2_000;
export const EXPERTS = 200;
export const PER_APPLICATION = 3;
const DAY = 86_400_000;
const CRITERIA = [
  { key: 'quality', label: '艺术质量', guidance: '', weight: 60, min: 0, max: 10, bands: [] },
  { key: 'impact', label: '社会效益', guidance: '', weight: 40, min: 0, max: 100, bands: [] },
];

export interface PreparedReview {
  /** An admin's console token. */
  token: string;
  assignCall: number;
  rankingCall: number;
}

/** A deterministic pseudo-random sequence, so runs compare. */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

export async function prepareReview(dataDir: string, databaseUrl: string | undefined): Promise<PreparedReview> {
  const handle = await openDatabase({ dataDir, databaseUrl });
  const { db } = handle;
  await migrateDatabase(handle);
  await seedDatabase(db, { storage: storageFor(dataDir) });
  // Only the bench's experts review: the demo's accounts are set aside.
  await db.update(staff).set({ disabled: true }).where(eq(staff.role, 'expert'));
  const expertRows = await db
    .insert(experts)
    .values(Array.from({ length: EXPERTS }, (_, i) => ({ name: `压测专家${i + 1}`, organisation: `压测研究院${i + 1}`, specialities: ['戏剧'], declaredInterests: `压测合作单位${i + 1}` })))
    .returning({ id: experts.id });
  await db.insert(staff).values(expertRows.map((e) => ({ account: `bench-expert-${e.id}@example.org`, passwordHash: 'not-a-login', name: '压测专家', role: 'expert' as const, expertId: e.id })));

  const now = Date.now();
  const call = async (title: string) => {
    const [project] = await db.insert(projects).values({ title, applyStart: new Date(now - 30 * DAY), applyEnd: new Date(now - DAY), year: new Date(now).getUTCFullYear(), published: true }).returning({ id: projects.id });
    const [form] = await db.insert(forms).values({ projectId: project!.id, title: '申报书', description: '', fields: [] }).returning({ id: forms.id });
    const [round] = await db
      .insert(reviewRounds)
      .values({ projectId: project!.id, number: 1, criteria: CRITERIA, reviewStartsAt: new Date(now + 5 * DAY), reviewEndsAt: new Date(now + 20 * DAY) })
      .returning({ id: reviewRounds.id });
    const ids: number[] = [];
    for (let start = 0; start < APPLICATIONS; start += 500) {
      const size = Math.min(500, APPLICATIONS - start);
      const applicants = await db
        .insert(users)
        .values(Array.from({ length: size }, (_, k) => ({ account: `bench-${project!.id}-${start + k}@example.org`, passwordHash: 'not-a-login', name: `压测申报单位${start + k + 1}` })))
        .returning({ id: users.id });
      const rows = await db
        .insert(applications)
        .values(
          applicants.map((u, k) => ({
            userId: u.id,
            projectId: project!.id,
            formId: form!.id,
            status: 'submitted' as const,
            data: { projectName: `压测项目${start + k + 1}` },
            serialNumber: `BR-${project!.id}-${String(start + k + 1).padStart(6, '0')}`,
            submittedAt: new Date(),
          })),
        )
        .returning({ id: applications.id });
      ids.push(...rows.map((r) => r.id));
    }
    return { projectId: project!.id, roundId: round!.id, ids };
  };

  const assignCall = await call('专家评审压测：自动分配');
  const rankingCall = await call('专家评审压测：排名');
  const next = random(42);
  const reviews = rankingCall.ids.flatMap((applicationId, i) =>
    Array.from({ length: PER_APPLICATION }, (_, k) => {
      const scores = { quality: Math.floor(next() * 11), impact: Math.floor(next() * 101) };
      return {
        roundId: rankingCall.roundId,
        applicationId,
        expertId: expertRows[(i * PER_APPLICATION + k) % EXPERTS]!.id,
        status: 'submitted' as const,
        scores,
        total: Math.round((60 * (scores.quality / 10) + 40 * (scores.impact / 100)) * 100) / 100,
        recommendation: (['fund', 'fund_with_changes', 'do_not_fund'] as const)[Math.floor(next() * 3)]!,
        savedAt: new Date(),
        submittedAt: new Date(),
      };
    }),
  );
  for (let start = 0; start < reviews.length; start += 1000) await db.insert(reviewAssignments).values(reviews.slice(start, start + 1000));

  // As autovacuum would have by then: plans from real statistics, as bench/api does.
  await db.execute(sql`analyze`);
  const [admin] = await db.select({ id: staff.id }).from(staff).where(eq(staff.account, DEMO_ADMIN.account));
  const token = newToken(STAFF_TOKEN_PREFIX);
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: admin!.id, expiresAt: new Date(now + DAY), ip: '127.0.0.1', userAgent: 'bench' });
  await handle.close();
  return { token, assignCall: assignCall.projectId, rankingCall: rankingCall.projectId };
}
