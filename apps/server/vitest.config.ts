import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Each file starts its own servers over PGlite (~300 MB each); two at a time fit the machine.
    maxWorkers: 2,
    // The files of a worker share its modules: imported once per worker, not once per file (the
    // suite took 615 s with a fresh module graph per file, 437 s without; docs/decisions.md). No
    // file mocks modules or changes process.env; each closes the servers it starts.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
