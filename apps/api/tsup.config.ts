import { defineConfig } from 'tsup';

// One bundle for production: workspace packages are inlined, npm dependencies stay external.
export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@hireflow\//],
});
