// The staff accounts command, built to dist/staff.js (runs with production dependencies only):
//   node dist/staff.js create --account <account> --password <password> --role admin|reviewer [--name <name>]
//   node dist/staff.js update --account <account> [--password <password>] [--role admin|reviewer] [--name <name>] [--disable | --enable] [--reset-two-factor]
// --password-stdin instead of --password reads it from the first line of standard input, so that
// it appears neither in the command line that pnpm echoes nor in the shell's history.
// At the root: `pnpm staff:create …` and `pnpm staff:update …` (they build first). Opens the
// database the server would open (DATA_DIR / DATABASE_URL) and migrates it. Exit code 0 on
// success, 1 when refused or failed, 2 on bad usage.
import { parseArgs } from 'node:util';
import { createStaff, updateStaff } from '../auth/staff';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { usePasswordCost } from '../db/password';
import { loadConfig } from '../env';
import { AppError } from '../http/errors';

const USAGE = `Usage:
  pnpm staff:create --account <account> --password <password> --role admin|reviewer [--name <name>]
  pnpm staff:update --account <account> [--password <password>] [--role admin|reviewer] [--name <name>] [--disable | --enable] [--reset-two-factor]
--password-stdin reads the password from the first line of standard input instead
(e.g. printf '%s\n' "$PASSWORD" | pnpm staff:create --account ops --password-stdin --role admin).
A new password or --disable ends the member's open sessions. --reset-two-factor turns the
member's two-factor sign-in off (TOTP, recovery codes and passkeys: a lost phone) and ends their sessions.
Experts' review accounts are opened by invitation in the console (专家库), not here.`;

const OPTIONS = {
  account: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  role: { type: 'string' },
  name: { type: 'string' },
  disable: { type: 'boolean' },
  enable: { type: 'boolean' },
  'reset-two-factor': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
type Command = (values: Values) => { problem: string } | { task: (db: Parameters<typeof createStaff>[0]) => Promise<string> };

const COMMANDS: Record<string, Command> = {
  create: (v) =>
    !v.account || !v.password || !v.role
      ? { problem: 'Missing --account, --password or --role.' }
      : v.disable || v.enable || v['reset-two-factor']
        ? { problem: '--disable, --enable and --reset-two-factor belong to update.' }
        : {
            task: async (db) => {
              const created = await createStaff(db, { account: v.account!, password: v.password!, role: v.role!, name: v.name ?? '' });
              return `Created staff account "${created.account}" (role ${created.role}, id ${created.id}).`;
            },
          },
  update: (v) => {
    if (!v.account) return { problem: 'Missing --account.' };
    if (v.disable && v.enable) return { problem: 'Give --disable or --enable, not both.' };
    if (v.password === undefined && v.role === undefined && v.name === undefined && !v.disable && !v.enable && !v['reset-two-factor']) return { problem: 'Nothing to change.' };
    return {
      task: async (db) => {
        const disabled = v.disable ? true : v.enable ? false : undefined;
        const updated = await updateStaff(db, { account: v.account!, password: v.password, role: v.role, name: v.name, disabled, resetTwoFactor: v['reset-two-factor'] });
        const ended = updated.endedSessions > 0 ? `; ${updated.endedSessions} session(s) ended` : '';
        return `Updated staff account "${updated.account}" (role ${updated.role}, ${updated.disabled ? 'disabled' : 'enabled'}${ended}).`;
      },
    };
  },
};

async function run(argv: string[]): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    // `pnpm staff:create -- --account …` passes the `--` on.
    parsed = parseArgs({ args: argv.filter((arg) => arg !== '--'), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (parsed.values['password-stdin']) {
    if (parsed.values.password !== undefined) {
      console.error(`Give --password or --password-stdin, not both.\n${USAGE}`);
      return 2;
    }
    const line = (await readStdin()).split(/\r?\n/)[0] ?? '';
    if (!line) {
      console.error(`--password-stdin: standard input has no password on its first line.\n${USAGE}`);
      return 2;
    }
    parsed.values.password = line;
  }
  const [name, ...extra] = parsed.positionals;
  const command = name ? COMMANDS[name] : undefined;
  if (!command || extra.length > 0) {
    console.error(`${name ? `Unknown command "${[name, ...extra].join(' ')}".` : 'Missing command (create or update).'}\n${USAGE}`);
    return 2;
  }
  const plan = command(parsed.values);
  if ('problem' in plan) {
    console.error(`${plan.problem}\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  usePasswordCost(config.passwordCost);
  const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, ssl: config.database.ssl, prepare: config.database.prepare });
  try {
    await migrateDatabase(handle);
    process.stdout.write(`${await plan.task(handle.db)}\n`);
    return 0;
  } catch (error) {
    console.error(error instanceof AppError ? `Refused: ${error.message}` : `Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
