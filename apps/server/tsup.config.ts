import { defineConfig } from 'tsup';

export default defineConfig({
  // The server, and the staff accounts command (so it runs without dev dependencies).
  entry: { main: 'src/main.ts', staff: 'src/cli/staff.ts' },
  format: ['esm'],
  target: 'node24',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: false,
});
