// Fills a database with the demo content plus 10 000 calls, and one applicant for the login runs.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { hashPassword } from '../../apps/server/src/db/password';
import { projects, users } from '../../apps/server/src/db/schema';
import { searchVectorSql } from '../../apps/server/src/db/search';
import { seedDatabase } from '../../apps/server/src/db/seed';
import { storageFor } from '../../apps/server/src/lib/storage';

export const BENCH_ACCOUNT = '13900000001';
export const BENCH_PASSWORD = 'Bench-Password-2026';

const WORDS = ['舞台艺术', '美术创作', '非遗传承', '数字文创', '公共文化', '青年编导', '民族器乐', '少儿戏曲', '乡村美育', '工艺美术', '现代舞蹈', '纪录影像'];

export async function prepare(dataDir: string, databaseUrl: string | undefined, calls = 10_000) {
  const handle = await openDatabase({ dataDir, databaseUrl });
  await migrateDatabase(handle);
  await seedDatabase(handle.db, { storage: storageFor(dataDir) });
  const [template] = await handle.db.select().from(projects).limit(1);
  if (!template) throw new Error('seed produced no projects');
  const now = Date.now();
  for (let start = 0; start < calls; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(calls, start + 500); i++) {
      const title = `${2020 + (i % 7)}年度${WORDS[i % WORDS.length]}扶持项目第${i + 1}批`;
      const summary = `面向全省${WORDS[(i * 7) % WORDS.length]}领域的创作与传播资助，编号 ${i + 1}。`;
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
      rows.push({
        ...rest,
        title,
        summary,
        applyStart: new Date(now + (i % 3 - 1) * 30 * 86_400_000),
        applyEnd: new Date(now + (i % 3) * 30 * 86_400_000 + 86_400_000),
        year: 2020 + (i % 7),
        searchVector: searchVectorSql(title, summary),
      });
    }
    await handle.db.insert(projects).values(rows);
  }
  await handle.db.execute(sql`analyze`);
  await handle.db.insert(users).values({ account: BENCH_ACCOUNT, passwordHash: await hashPassword(BENCH_PASSWORD), name: '压测', mobile: BENCH_ACCOUNT, email: '' }).onConflictDoNothing();
  await handle.close();
}
