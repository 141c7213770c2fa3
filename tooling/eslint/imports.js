// Import rules for the front ends and packages, used after the shared config (index.js): imports
// form no cycle, and where a package groups its code by feature (src/features/<name>), a feature
// imports no other feature and the shared code (src/components, src/lib) imports none.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

/** Folder names under src/features, or none when the package is not grouped by feature. */
function features(root) {
  const folder = join(root, 'src/features');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Zones for `import-x/no-restricted-paths`, from the package's feature folders. */
export function featureZones(root) {
  const names = features(root);
  if (names.length === 0) return [];
  return [
    ...names.map((name) => ({
      target: `./src/features/${name}`,
      from: './src/features',
      except: [`./${name}`],
      message: 'A feature imports no other feature: move what both need to src/components or src/lib (or packages/ui).',
    })),
    {
      target: ['./src/components', './src/lib'],
      from: './src/features',
      message: 'Shared code serves the features; it imports none of them.',
    },
  ];
}

/** The import-x plugin with the TypeScript resolver, for the files the package lints. */
export function importSettings(root, files) {
  return {
    files,
    plugins: { 'import-x': importX },
    settings: {
      // Without import-x's TypeScript parser and extensions it reads no .ts(x) dependency, and
      // no-cycle then passes whatever the imports are.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })],
    },
  };
}

/** `root` is the package's folder (import.meta.dirname of its eslint.config.js). */
export default function importsConfig(root) {
  const zones = featureZones(root);
  return [
    {
      ...importSettings(root, ['**/*.{js,mjs,ts,tsx}']),
      rules: {
        'import-x/no-cycle': 'error',
        ...(zones.length > 0 ? { 'import-x/no-restricted-paths': ['error', { zones }] } : {}),
      },
    },
  ];
}
