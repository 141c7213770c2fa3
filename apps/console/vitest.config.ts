import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// `pnpm test` runs both: component and unit tests of the console (happy-dom), and the browser
// journeys across the portal and the console against the real built server (e2e/*.test.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // One journey file at a time (unlike the portal): two at once (407 s against 638 s) failed
          // two of three fresh-clone runs on 2026-12-07, the first two files' login form never shown
          // (docs/decisions.md).
          fileParallelism: false,
          // As in the portal: expect.poll's one-second default is shorter than a busy server's answer.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
