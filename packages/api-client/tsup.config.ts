import { defineConfig } from 'tsup';

export default defineConfig({
  // The OpenAPI builder is an entry of its own so that front ends importing the SDK never load it.
  entry: ['src/index.ts', 'src/openapi.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
