import { defineConfig } from 'vitest/config';

// `pnpm test` runs both: unit tests of the portal's pure code, and the browser journeys
// against the real server (e2e/*.test.ts, see e2e/global-setup.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two journey files at a time, on the one server: one at a time left a quarter of the two
          // cores idle (567 s against 403 s on 2026-12-07). Each journey has its own accounts and
          // loopback address (openPortal), so the two do not meet in the rate limits.
          fileParallelism: true,
          maxWorkers: 2,
          // A server answer under load (a password hash on a busy machine) can take longer than
          // expect.poll's one-second default; a journey waits for what a person would wait for.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
