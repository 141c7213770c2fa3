// Prepares, once per test run, a migrated and seeded template database for each driver; every
// test server then starts from a copy of it (PGlite: a copied data dir; PostgreSQL: CREATE
// DATABASE … TEMPLATE).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresWanted, startPostgres, type ThrowawayPostgres } from '@flagship/testing/postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { usePasswordCost } from '../src/db/password';
import { seedDatabase } from '../src/db/seed';
import { createJobs } from '../src/lib/jobs-create';
import { storageFor } from '../src/lib/storage';
import { silentLog } from './silent-log';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string | null;
  }
}

let postgres: ThrowawayPostgres | undefined;
let templateDir: string | undefined;

export async function setup(project: TestProject) {
  // The setup files' test cost does not reach this process; without it the demo accounts would be
  // hashed at production's cost, and every test server's first demo sign-in would pay 0.6 s to check one.
  usePasswordCost('test');
  templateDir = mkdtempSync(join(tmpdir(), 'flagship-template-'));
  const lite = await openDatabase({ dataDir: templateDir, databaseUrl: undefined });
  await migrateDatabase(lite);
  // Both templates keep their demo uploads here; every test server copies them.
  await seedDatabase(lite.db, { storage: storageFor(templateDir) });
  await lite.close();
  project.provide('pgliteTemplate', templateDir);

  let postgresUrl: string | null = null;
  if (postgresWanted()) {
    postgres = await startPostgres();
    const admin = await openDatabase({ dataDir: templateDir, databaseUrl: postgres.url });
    const { sql } = await import('drizzle-orm');
    await admin.db.execute(sql`create database flagship_template`);
    await admin.close();
    const templateUrl = postgres.url.replace(/\/postgres$/, '/flagship_template');
    const pg = await openDatabase({ dataDir: templateDir, databaseUrl: templateUrl });
    await migrateDatabase(pg);
    await seedDatabase(pg.db, { storage: storageFor(templateDir) });
    await pg.close();
    // pg-boss's schema too, so each test server's queue starts in tens of ms instead of ~400.
    const jobs = createJobs({ databaseUrl: templateUrl, concurrency: 1, log: silentLog });
    await jobs.start();
    await jobs.stop();
    postgresUrl = postgres.url;
  }
  project.provide('postgresUrl', postgresUrl);
}

export async function teardown() {
  postgres?.stop();
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
