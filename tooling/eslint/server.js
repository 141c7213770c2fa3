// Rules that keep the server's layers as docs/architecture.md draws them, used after the shared
// config (index.js): promises are awaited or handed on, imports form no cycle, a feature module
// never reaches into another, and only repositories and db/ speak SQL.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importSettings } from './imports.js';

/** Feature folders under src/modules: each group, and each area of the console. */
function features(root) {
  const modules = join(root, 'src/modules');
  if (!existsSync(modules)) return [];
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = join(modules, entry.name);
      const areas = readdirSync(folder, { withFileTypes: true }).filter((sub) => sub.isDirectory());
      return areas.length > 0 ? areas.map((area) => `${entry.name}/${area.name}`) : [entry.name];
    });
}

const SQL_ONLY_IN_REPOSITORIES = 'SQL lives in repository.ts files (and src/db): call a repository function instead.';

/** `root` is the server package's folder (import.meta.dirname of its eslint.config.js). */
export default function serverConfig(root) {
  const zones = [
    ...features(root).map((feature) => ({
      target: `./src/modules/${feature}`,
      from: './src/modules',
      except: [`./${feature}`],
      message: 'A module imports no other module: move what both need to src/shared/.',
    })),
    { target: './src/shared', from: './src/modules', message: 'src/shared serves the modules; it imports none of them.' },
    { target: './src/lib', from: ['./src/modules', './src/shared', './src/db/schema.ts'], message: 'src/lib is generic: no module, no shared code, no table.' },
    { target: './src/db', from: './src/modules', message: 'The database layer (and the seed) imports no module.' },
  ];
  return [
    {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-misused-promises': 'error',
      },
    },
    {
      ...importSettings(root, ['**/*.ts']),
      rules: {
        'import-x/no-cycle': 'error',
        'import-x/no-restricted-paths': ['error', { zones }],
      },
    },
    {
      files: ['src/**/*.ts'],
      ignores: ['src/db/**', 'src/**/repository.ts', 'src/**/*-repository.ts', 'src/**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [{ name: 'drizzle-orm', message: SQL_ONLY_IN_REPOSITORIES }],
            patterns: [{ group: ['drizzle-orm/*', '**/db/schema'], message: SQL_ONLY_IN_REPOSITORIES }],
          },
        ],
      },
    },
  ];
}
