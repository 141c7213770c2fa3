import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @flagship/server exec drizzle-kit generate --name init` writes the SQL migrations
// that `src/db/migrate.ts` applies on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
