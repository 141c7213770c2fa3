// Applies the SQL migrations drizzle-kit generated in apps/server/drizzle/, keeping Drizzle's own
// bookkeeping (drizzle.__drizzle_migrations), so drizzle-kit and this runner agree on what ran.
// Unlike Drizzle's stock migrator it holds an advisory lock while it works, so several server
// processes starting together over one PostgreSQL migrate once, and it names what failed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows';
import type { DatabaseHandle } from './client';

/** Key of the advisory lock held while migrating and seeding ("flagship" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x666c6167;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface Migration {
  tag: string;
  /** The `when` of the journal, stored as `created_at` by Drizzle. */
  folderMillis: number;
  hash: string;
  statements: string[];
}

export interface MigrateOptions {
  /** Folder holding `meta/_journal.json` and the `.sql` files; found next to the code by default. */
  migrationsFolder?: string;
}

export interface MigrateResult {
  /** Tags of the migrations applied now (empty when the database was up to date). */
  applied: string[];
}

/**
 * The migrations folder: `apps/server/drizzle`, seen from `src/db/` (tsx, vitest) or from
 * `dist/` (the tsup bundle).
 */
export function findMigrationsFolder(): string {
  const candidates = [new URL('../../drizzle/', import.meta.url), new URL('../drizzle/', import.meta.url)].map((u) => fileURLToPath(u));
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) {
    throw new Error(`Database migration failed: no migrations folder was found (looked for meta/_journal.json in ${candidates.join(' and ')}).`);
  }
  return found;
}

/** Read the journal and the SQL files of a migrations folder, in order. */
export function readMigrations(folder: string): Migration[] {
  let journal: { entries: JournalEntry[] };
  try {
    journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  } catch (error) {
    throw new Error(`Database migration failed: cannot read ${join(folder, 'meta', '_journal.json')}: ${(error as Error).message}`, { cause: error });
  }
  return journal.entries.map((entry) => {
    const file = join(folder, `${entry.tag}.sql`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`Database migration failed: cannot read migration file ${file}: ${(error as Error).message}`, { cause: error });
    }
    return {
      tag: entry.tag,
      folderMillis: entry.when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    };
  });
}

/** The database's own words, not Drizzle's "Failed query: …" wrapper. */
function reason(error: unknown): string {
  let current: unknown = error;
  // DrizzleQueryError keeps the driver's error as its cause.
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const e = current as { message?: string; detail?: string; hint?: string; code?: string };
  const parts = [e.message ?? String(current)];
  if (e.detail) parts.push(`detail: ${e.detail}`);
  if (e.hint) parts.push(`hint: ${e.hint}`);
  if (e.code) parts.push(`SQLSTATE ${e.code}`);
  return parts.join('; ');
}

function firstLine(statement: string): string {
  const line = statement.split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/**
 * Bring the database up to the newest migration. Everything runs in one transaction: on failure
 * nothing is applied and the Error says which migration and statement failed and why.
 */
export async function migrateDatabase(handle: DatabaseHandle, options: MigrateOptions = {}): Promise<MigrateResult> {
  const folder = options.migrationsFolder ?? findMigrationsFolder();
  const migrations = readMigrations(folder);
  const applied: string[] = [];
  let current: { tag: string; statement: string } | undefined;
  try {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      await tx.execute(sql`create schema if not exists drizzle`);
      await tx.execute(
        sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
      );
      const [last] = rowsOf<{ created_at: string | number | null }>(
        await tx.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
      );
      const lastMillis = last?.created_at == null ? -Infinity : Number(last.created_at);
      for (const migration of migrations) {
        if (migration.folderMillis <= lastMillis) continue;
        for (const statement of migration.statements) {
          current = { tag: migration.tag, statement };
          await tx.execute(sql.raw(statement));
        }
        current = undefined;
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
        applied.push(migration.tag);
      }
    });
  } catch (error) {
    const where = current ? ` in migration ${current.tag} at statement "${firstLine(current.statement)}"` : '';
    throw new Error(
      `Database migration failed${where}: ${reason(error)}. No migration was applied (${handle.kind}); fix the cause and start again.`,
      { cause: error },
    );
  }
  return { applied };
}
