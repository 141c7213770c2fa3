import { defineConfig } from 'tsup';

export default defineConfig({
  // The server, and the staff accounts and storage migration commands (so they run without dev dependencies).
  entry: { main: 'src/main.ts', staff: 'src/cli/staff.ts', 'storage-migrate': 'src/cli/storage-migrate.ts' },
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: false,
});
