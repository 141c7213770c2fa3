import { defineConfig } from 'vitest/config';

// The axe check's test launches Chromium: room for a busy 2-core machine, as the journeys have.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
