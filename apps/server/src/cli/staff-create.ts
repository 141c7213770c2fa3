// pnpm staff:create --account <account> --password <password> --role admin|reviewer [--name <name>]
// Opens the database the server would open (DATA_DIR / DATABASE_URL), migrates it and adds a
// staff account. Exit code 0 on success, 1 on any error, 2 on bad usage.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createStaff } from '../auth/staff';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { loadConfig } from '../env';
import { AppError } from '../http/errors';

const USAGE = 'Usage: pnpm staff:create --account <account> --password <password> --role admin|reviewer [--name <name>]';

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: { account?: string; password?: string; role?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      // `pnpm staff:create -- --account …` passes the `--` on.
      args: argv.filter((arg) => arg !== '--'),
      options: {
        account: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.account || !values.password || !values.role) {
    console.error(`Missing --account, --password or --role.\n${USAGE}`);
    return 2;
  }

  const config = loadConfig(env);
  const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateDatabase(handle);
    const created = await createStaff(handle.db, { account: values.account, password: values.password, role: values.role, name: values.name ?? '' });
    process.stdout.write(`Created staff account "${created.account}" (role ${created.role}, id ${created.id}).\n`);
    return 0;
  } catch (error) {
    console.error(error instanceof AppError ? `Refused: ${error.message}` : `Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

// Run only as a program, not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`Failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
