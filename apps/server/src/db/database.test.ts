// The database layer on a real database: PGlite always, PostgreSQL when the machine has it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApplicationSchema, FORM_FIELD_KINDS, formFieldsSchema, isValidCreditCode as contractCreditCheck } from '@flagship/api-client';
import { postgresWanted, startPostgres, type ThrowawayPostgres } from '@flagship/testing/postgres';
import { and, asc, count, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptHash } from '../../test/apply-fixtures';
import { rowsOf } from '../lib/rows';
import { localDiskStorage } from '../lib/storage';
import { DATABASE_TIME_ZONE, lockPgliteDataDir, openDatabase, type DatabaseHandle } from './client';
import { findMigrationsFolder, migrateDatabase, readMigrations } from './migrate';
import { verifyPassword } from './password';
import {
  applications,
  applicationSerials,
  applicationSubmissions,
  categories,
  enterpriseAuthentications,
  enterprises,
  experts,
  forms,
  policies,
  projects,
  regions,
  settings,
  reviewAssignments,
  reviewRounds,
  staff,
  uploads,
  users,
  type FormFieldDefinition,
} from './schema';
import { searchQuery } from './search';
import { APPLICANTS, APPLICATIONS, AUTHENTICATIONS, DEMO_ADMIN, DEMO_APPLICANT_PASSWORD, DEMO_EXPERT_PASSWORD, DEMO_EXPERTS, seedDatabase, type SeedResult } from './seed';

type Searchable = typeof projects | typeof policies | typeof experts | typeof enterprises;

function suite(driver: 'pglite' | 'postgres', open: () => Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }>) {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let seed: SeedResult;
  const seededAt = new Date();
  const filesDir = mkdtempSync(join(tmpdir(), 'flagship-seed-files-'));
  const storage = localDiskStorage(filesDir);

  beforeAll(async () => {
    ({ handle, cleanup } = await open());
    await migrateDatabase(handle);
    seed = await seedDatabase(handle.db, { now: seededAt, storage });
  });

  afterAll(async () => {
    await cleanup?.();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const total = async (table: PgTable, where?: SQL) => {
    const [row] = await handle.db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  };

  const search = async (table: Searchable, keyword: string, label: AnyPgColumn) => {
    const query = searchQuery(keyword);
    if (!query) return [];
    const rows = await handle.db
      .select({ label: sql<string>`${label}` })
      .from(table)
      .where(sql`${table.searchVector} @@ ${query}`);
    return rows.map((r) => r.label);
  };

  it('reports the driver and runs sessions in the programme time zone', async () => {
    expect(handle.kind).toBe(driver);
    const [row] = rowsOf<{ tz: string }>(await handle.db.execute(sql`select current_setting('TimeZone') as tz`));
    expect(row?.tz).toBe(DATABASE_TIME_ZONE);
  });

  it('migrates once: a second run applies nothing', async () => {
    expect(await migrateDatabase(handle)).toEqual({ applied: [] });
    const rows = rowsOf<{ n: number | string }>(await handle.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`));
    expect(Number(rows[0]?.n)).toBe(readMigrations(findMigrationsFolder()).length);
  });

  it('seeds the demo content once', async () => {
    expect(seed.seeded).toBe(true);
    const again = await seedDatabase(handle.db, { storage });
    expect(again.seeded).toBe(false);
    expect(await total(projects)).toBe(seed.counts.projects);
  });

  it('has the whole province: 11 cities and their 90 districts (issue 13)', async () => {
    const levels = await handle.db.select({ level: regions.level, n: count() }).from(regions).groupBy(regions.level).orderBy(asc(regions.level));
    expect(levels.map((l) => [l.level, l.n])).toEqual([[1, 1], [2, 11], [3, 90]]);
    const cities = await handle.db.select({ name: regions.name }).from(regions).where(eq(regions.level, 2));
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['湖州市', '衢州市', '舟山市', '台州市', '丽水市']));
    const orphans = await handle.db.execute(
      sql`select c.id from ${regions} c left join ${regions} p on p.id = c.parent_id where c.level > 1 and (p.id is null or p.level <> c.level - 1)`,
    );
    expect(rowsOf(orphans)).toHaveLength(0);
  });

  it('has categories of every kind and the settings row', async () => {
    for (const kind of ['project', 'policy', 'expert', 'enterprise'] as const) {
      expect(await total(categories, eq(categories.kind, kind))).toBeGreaterThanOrEqual(4);
    }
    const [row] = await handle.db.select().from(settings);
    expect(row?.id).toBe(1);
    expect(row?.siteTitle).toMatch(/艺术精品工程在线申报平台$/);
    expect(row?.friendlyLinks.map((l) => l.url)).toEqual(['https://www.zgysyjy.org.cn', 'https://www.cnaf.cn']);
    expect(row?.banners.length).toBeGreaterThanOrEqual(2);
    expect(row?.about).toContain('<p>');
    expect(row?.accessPasswordEnabled).toBe(false);
    await expect(handle.db.insert(settings).values({ id: 2 })).rejects.toThrow();
  });

  it('has closed, open and upcoming calls around the seeding time', async () => {
    const rows = await handle.db.select().from(projects);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const now = seededAt.getTime();
    const closed = rows.filter((p) => p.applyEnd.getTime() < now);
    const open = rows.filter((p) => p.applyStart.getTime() <= now && p.applyEnd.getTime() >= now);
    const upcoming = rows.filter((p) => p.applyStart.getTime() > now);
    expect(closed.length).toBeGreaterThanOrEqual(4);
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(open.some((p) => p.applyEnd.getTime() - now < 7 * 86_400_000)).toBe(true);
    expect(open.some((p) => p.applyEnd.getTime() - now > 14 * 86_400_000)).toBe(true);
    for (const p of rows) {
      expect(typeof p.budget).toBe('number');
      expect(p.budget).toBeGreaterThan(0);
      expect(p.guide).toContain('申报条件');
      expect(p.published).toBe(true);
    }
    expect(new Set(rows.map((p) => p.categoryId)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives every call one or two forms that follow the form-definition contract and use every field kind', async () => {
    const rows = await handle.db.select().from(forms);
    const perProject = new Map<number, number>();
    for (const f of rows) perProject.set(f.projectId, (perProject.get(f.projectId) ?? 0) + 1);
    expect([...perProject.values()].every((n) => n >= 1 && n <= 2)).toBe(true);
    expect(perProject.size).toBe(await total(projects));

    const kinds = new Set<string>();
    let widest = 0;
    for (const f of rows) {
      const parsed = formFieldsSchema.safeParse(f.fields);
      expect(parsed.success, `${f.title}: ${parsed.error?.message}`).toBe(true);
      const own = new Set(f.fields.map((field: FormFieldDefinition) => field.kind));
      own.forEach((k) => kinds.add(k));
      widest = Math.max(widest, own.size);
    }
    expect([...kinds].sort()).toEqual([...FORM_FIELD_KINDS].sort());
    expect(widest).toBe(FORM_FIELD_KINDS.length);
  });

  it('has at least 20 published notices, some pinned, some with attachments, and a draft', async () => {
    const published = await handle.db.select().from(policies).where(and(isNotNull(policies.publishedAt), lte(policies.publishedAt, new Date())));
    expect(published.length).toBeGreaterThanOrEqual(20);
    expect(published.filter((p) => p.pinned).length).toBeGreaterThanOrEqual(2);
    expect(published.filter((p) => p.attachments.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(published.filter((p) => p.attachments.length === 0).length).toBeGreaterThan(published.length / 2);
    expect(await total(policies, isNull(policies.publishedAt))).toBe(1);
    const days = published.map((p) => Math.floor((seededAt.getTime() - (p.publishedAt?.getTime() ?? 0)) / 86_400_000));
    expect(Math.max(...days)).toBeGreaterThan(90);
  });

  it('has at least 15 experts and 15 published enterprises with valid credit codes', async () => {
    expect(await total(experts, eq(experts.published, true))).toBeGreaterThanOrEqual(15);
    const rows = await handle.db.select().from(enterprises).where(eq(enterprises.published, true));
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const e of rows) {
      expect(contractCreditCheck(e.creditCode), e.creditCode).toBe(true);
      expect(e.establishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.regionId).not.toBeNull();
    }
  });

  it('seeds the staff administrator with a scrypt hash', async () => {
    const [admin] = await handle.db.select().from(staff).where(eq(staff.account, DEMO_ADMIN.account));
    expect(admin?.role).toBe('admin');
    expect(admin?.disabled).toBe(false);
    expect(admin?.passwordHash).toMatch(/^scrypt\$2048\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword(DEMO_ADMIN.password, admin?.passwordHash)).toBe(true);
  });

  it('seeds a review round in progress: expert accounts that sign in, assignments, scores with their totals, a declared conflict', async () => {
    expect(seed.counts.reviewAssignments).toBe(6);
    const accounts = await handle.db.select().from(staff).where(eq(staff.role, 'expert'));
    expect(accounts.map((a) => a.account).sort()).toEqual(DEMO_EXPERTS.map((e) => e.account).sort());
    expect(accounts.every((a) => a.expertId !== null && !a.disabled)).toBe(true);
    expect(await verifyPassword(DEMO_EXPERT_PASSWORD, accounts[0]?.passwordHash)).toBe(true);
    const [round] = await handle.db.select().from(reviewRounds);
    expect(round?.reviewStartsAt.getTime()).toBeLessThan(seededAt.getTime());
    expect(round?.reviewEndsAt.getTime()).toBeGreaterThan(seededAt.getTime());
    const assigned = await handle.db.select().from(reviewAssignments);
    expect(assigned.map((a) => a.status).sort()).toEqual(['assigned', 'conflict', 'declared', 'submitted', 'submitted', 'submitted']);
    // (40 × 0.9 + 30 × 0.8 + 30 × 0.8) / 100 × 100
    expect(assigned.filter((a) => a.status === 'submitted').map((a) => a.total).sort()).toEqual([60, 80, 84]);
  });

  it('seeds review work: applicants, applications in every review state with serials and receipts, and pending authentications', async () => {
    expect(seed.counts).toMatchObject({ users: APPLICANTS.length, applications: APPLICATIONS.length, authentications: AUTHENTICATIONS.length });
    const people = await handle.db.select().from(users);
    expect(people.map((u) => u.account).sort()).toEqual(APPLICANTS.map((a) => a.account).sort());
    expect(await verifyPassword(DEMO_APPLICANT_PASSWORD, people[0]?.passwordHash)).toBe(true);
    // One applicant can only be told by text message: the console shows staff that case.
    expect(people.some((u) => /^1\d{10}$/.test(u.account) && u.email === '')).toBe(true);

    const [admin] = await handle.db.select().from(staff).where(eq(staff.account, DEMO_ADMIN.account));
    const sent = await handle.db.select().from(applications).orderBy(asc(applications.submittedAt));
    expect(new Set(sent.map((a) => a.status))).toEqual(new Set(['submitted', 'reviewing', 'returned', 'approved', 'rejected']));
    // Serials count per year in order of submission, as the server gives them.
    const years = new Map<string, number>();
    for (const a of sent) {
      const year = a.serialNumber!.slice(3, 7);
      years.set(year, (years.get(year) ?? 0) + 1);
      expect(a.serialNumber).toBe(`FS-${year}-${String(years.get(year)).padStart(6, '0')}`);
      expect(a.receiptHash).toBe(receiptHash(a.data));
      expect(a.submittedAt!.getTime()).toBeLessThan(seededAt.getTime());
      const decided = ['returned', 'approved', 'rejected'].includes(a.status);
      expect([a.reviewedBy, Boolean(a.reviewMessage)]).toEqual(decided ? [admin?.id, true] : [null, false]);
    }
    // Every sent application has its submission on record, as the server keeps them.
    const snapshots = await handle.db.select().from(applicationSubmissions);
    expect(snapshots.map((s) => [s.applicationId, s.receiptHash]).sort()).toEqual(sent.map((a) => [a.id, a.receiptHash]).sort());
    const counters = await handle.db.select().from(applicationSerials);
    expect(counters.map((c) => [String(c.year), c.last])).toEqual(expect.arrayContaining([...years]));

    // Each passes its form's rules on submit, and every file it names is the applicant's and stored.
    for (const a of sent) {
      const [form] = await handle.db.select().from(forms).where(eq(forms.id, a.formId));
      const own = new Map((await handle.db.select().from(uploads).where(eq(uploads.ownerUserId, a.userId))).map((u) => [u.id, u]));
      const schema = buildApplicationSchema(formFieldsSchema.parse(form?.fields), { mode: 'submit', files: (id) => own.get(id) && { name: own.get(id)!.originalName, mime: own.get(id)!.mime, size: own.get(id)!.size } });
      expect(schema.safeParse(a.data).success).toBe(true);
      const referenced = Object.values(a.data).flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is number => typeof v === 'number' && own.has(v));
      expect(referenced.length).toBeGreaterThanOrEqual(1);
      for (const id of referenced) {
        const bytes = await storage.get(own.get(id)!.storageKey);
        expect(bytes && createHash('sha256').update(bytes).digest('hex')).toBe(own.get(id)!.sha256);
      }
    }

    const queue = await handle.db.select().from(enterpriseAuthentications);
    expect(queue).toHaveLength(AUTHENTICATIONS.length);
    for (const item of queue) {
      expect(item.status).toBe(0);
      expect(contractCreditCheck(item.creditCode)).toBe(true);
      const [licence] = await handle.db.select().from(uploads).where(eq(uploads.id, item.licenseFiles[0]!));
      expect(licence).toMatchObject({ ownerUserId: item.userId, mime: 'image/png' });
      expect((await storage.get(licence!.storageKey))?.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('backfills submissions of applications sent before they were kept, returned ones left out', async () => {
    const backfill = readMigrations(findMigrationsFolder()).find((m) => m.tag === '0002_backfill_submissions');
    expect(backfill).toBeDefined();
    const sent = await handle.db.select().from(applications);
    await handle.db.delete(applicationSubmissions);
    for (const statement of backfill!.statements) await handle.db.execute(sql.raw(statement));
    const rows = await handle.db.select().from(applicationSubmissions);
    const expected = sent.filter((a) => a.submittedAt && a.status !== 'returned');
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => [r.applicationId, r.version, r.receiptHash]).sort()).toEqual(expected.map((a) => [a.id, a.version, a.receiptHash]).sort());
    // Run again, it adds nothing.
    for (const statement of backfill!.statements) await handle.db.execute(sql.raw(statement));
    expect(await handle.db.select().from(applicationSubmissions)).toHaveLength(rows.length);
  });

  it('finds Chinese keywords through the search vectors', async () => {
    expect(await search(projects, '文化遗产', projects.title)).toEqual(expect.arrayContaining([expect.stringContaining('非物质文化遗产保护传承项目')]));
    expect(await search(projects, '舞蹈', projects.title)).toEqual([expect.stringContaining('现代舞蹈创作孵化计划')]);
    expect(await search(projects, '现代舞蹈 孵化', projects.title)).toHaveLength(1);
    expect(await search(projects, '舞蹈 数字', projects.title)).toHaveLength(0);
    expect(await search(projects, '量子力学', projects.title)).toHaveLength(0);
    expect((await search(policies, '诈骗', policies.title)).some((t) => t.includes('诈骗'))).toBe(true);
    expect(await search(experts, '越剧', experts.name)).toEqual(expect.arrayContaining(['陈望舒', '周雅宁']));
    expect(await search(experts, '二胡', experts.name)).toEqual(['何嘉树']);
    expect(await search(enterprises, '皮影', enterprises.name)).toEqual(['海宁潮声皮影艺术团有限公司']);
    // Latin words and numbers match as prefixes: a credit code's first characters find the company.
    const [firm] = await handle.db.select({ name: enterprises.name, code: enterprises.creditCode }).from(enterprises).limit(1);
    expect(await search(enterprises, firm?.code.slice(0, 12) ?? '', enterprises.name)).toEqual([firm?.name]);
    // Digits followed by Chinese ("2026年度") are two runs: both halves are searchable.
    expect(await search(projects, '年度', projects.title)).toHaveLength(await total(projects));
    // A call is titled by the year its window opens: last year's, this year's, or in December next year's.
    const year = seededAt.getFullYear();
    const byYear = await Promise.all([year - 1, year, year + 1].map(async (y) => (await search(projects, `${y}`, projects.title)).length));
    expect(byYear.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(await total(projects));
    // A single character matches on its own.
    expect(await search(experts, '篆', experts.name)).toEqual(['蒋文澜']);
  });

  it('treats hostile keywords as plain text', async () => {
    for (const keyword of ["'", "a' | b", '\\', "舞蹈'); drop table projects; --", ':*', '!舞蹈', '<->']) {
      await expect(search(projects, keyword, projects.title)).resolves.toBeInstanceOf(Array);
    }
    expect(await total(projects)).toBeGreaterThan(0);
  });

  it('uses the GIN index for keyword search', async () => {
    const query = searchQuery('文化遗产');
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<Record<string, string>>(await tx.execute(sql`explain select id from ${projects} where ${projects.searchVector} @@ ${query}`));
    });
    expect(plan.map((r) => Object.values(r).join(' ')).join('\n')).toContain('projects_search_idx');
  });

  it('keeps one live application per user and form, but lets a soft-deleted one be replaced', async () => {
    const [user] = await handle.db.insert(users).values({ account: `1390000${driver === 'pglite' ? '1' : '2'}111`, passwordHash: 'x' }).returning();
    const [form] = await handle.db.select().from(forms).limit(1);
    if (!user || !form) throw new Error('setup failed');
    const values = { userId: user.id, projectId: form.projectId, formId: form.id, data: { projectName: '测试' } };
    const [first] = await handle.db.insert(applications).values(values).returning();
    expect(first?.status).toBe('draft');
    expect(first?.version).toBe(1);
    await expect(handle.db.insert(applications).values(values)).rejects.toThrow();
    await handle.db.update(applications).set({ deletedAt: new Date() }).where(eq(applications.id, first?.id ?? 0));
    const [second] = await handle.db.insert(applications).values(values).returning();
    expect(second?.id).not.toBe(first?.id);
    await expect(handle.db.insert(applications).values({ ...values, status: 'bogus' as 'draft', userId: user.id, formId: form.id })).rejects.toThrow();
  });

  it('keeps accounts in lower case', async () => {
    await expect(handle.db.insert(users).values({ account: 'Someone@Example.com', passwordHash: 'x' })).rejects.toThrow();
    await expect(handle.db.insert(users).values({ account: `someone-${driver}@example.com`, passwordHash: 'x' })).resolves.toBeDefined();
  });

  it('stops with a clear English message when a migration fails, and applies none of it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'flagship-bad-migrations-'));
    try {
      const good = readMigrations(findMigrationsFolder());
      mkdirSync(join(folder, 'meta'));
      const when = Math.max(...good.map((m) => m.folderMillis)) + 1;
      writeFileSync(
        join(folder, 'meta', '_journal.json'),
        JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, when, tag: '0001_broken', breakpoints: true }] }),
      );
      writeFileSync(
        join(folder, '0001_broken.sql'),
        'CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;',
      );
      const error = await migrateDatabase(handle, { migrationsFolder: folder }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error?.message).toMatch(/^Database migration failed in migration 0001_broken/);
      expect(error?.message).toContain('no_such_table');
      expect(error?.message).toContain('does not exist');
      const leftover = rowsOf(await handle.db.execute(sql`select to_regclass('public.half_done') as t`)) as { t: string | null }[];
      expect(leftover[0]?.t).toBeNull();
      expect(await migrateDatabase(handle)).toEqual({ applied: [] });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('says clearly when the migrations folder is missing', async () => {
    await expect(migrateDatabase(handle, { migrationsFolder: join(tmpdir(), 'flagship-no-such-folder') })).rejects.toThrow(
      /^Database migration failed: cannot read .*_journal\.json/,
    );
  });
}

describe('database on PGlite', () => {
  const dirs: string[] = [];
  suite('pglite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flagship-db-test-'));
    dirs.push(dataDir);
    const handle = await openDatabase({ dataDir, databaseUrl: undefined });
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      },
    };
  });

  it('refuses a second open of the same data directory while the first is open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flagship-db-lock-'));
    dirs.push(dataDir);
    // A lock file held by this (running) process.
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
    // A stale lock (no such process) is taken over, and released again.
    writeFileSync(join(dataDir, 'pglite.lock'), '999999999');
    const release = lockPgliteDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => lockPgliteDataDir(dataDir)).toThrow(/already open/);
    release();
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  });
});

/** A process that has ended but is not reaped: its parent execs `sleep` and never waits for it. */
async function makeZombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('bash', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  const state = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0];
  };
  for (let waited = 0; state() !== 'Z'; waited += 10) {
    if (waited > 5_000) throw new Error(`process ${pid} did not become a zombie`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { pid, parent };
}

describe.skipIf(process.platform !== 'linux')('the PGlite lock and a zombie', () => {
  it('takes over a lock held by a process that ended but was not reaped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flagship-db-zombie-'));
    const { pid, parent } = await makeZombie();
    try {
      // The zombie still answers signal 0, as a live process would.
      expect(() => process.kill(pid, 0)).not.toThrow();
      writeFileSync(join(dataDir, 'pglite.lock'), String(pid));
      const release = lockPgliteDataDir(dataDir);
      expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      release();
      // Its parent is alive and running: its lock holds.
      writeFileSync(join(dataDir, 'pglite.lock'), String(parent.pid));
      expect(() => lockPgliteDataDir(dataDir)).toThrow(new RegExp(`already open in process ${parent.pid}`));
    } finally {
      parent.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!postgresWanted())('database on PostgreSQL', () => {
  let server: ThrowawayPostgres | undefined;
  suite('postgres', async () => {
    server = await startPostgres();
    const handle = await openDatabase({ dataDir: tmpdir(), databaseUrl: server.url });
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        server?.stop();
      },
    };
  });

  it('lets two processes start together: migrations and seed run once', async () => {
    if (!server) throw new Error('no server');
    const url = server.url;
    const admin = await openDatabase({ dataDir: tmpdir(), databaseUrl: url });
    await admin.db.execute(sql`create database flagship_race`);
    await admin.close();
    const raceUrl = url.replace(/\/postgres$/, '/flagship_race');
    const a = await openDatabase({ dataDir: tmpdir(), databaseUrl: raceUrl });
    const b = await openDatabase({ dataDir: tmpdir(), databaseUrl: raceUrl });
    try {
      const [ma, mb] = await Promise.all([migrateDatabase(a), migrateDatabase(b)]);
      expect([...ma.applied, ...mb.applied]).toHaveLength(readMigrations(findMigrationsFolder()).length);
      const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'flagship-race-files-')));
      const [sa, sb] = await Promise.all([seedDatabase(a.db, { storage }), seedDatabase(b.db, { storage })]);
      expect([sa.seeded, sb.seeded].filter(Boolean)).toHaveLength(1);
      const [row] = await a.db.select({ n: count() }).from(regions).where(eq(regions.level, 1));
      expect(row?.n).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
