import { defineConfig } from 'tsup';

// One bundle for production: workspace packages are inlined, npm dependencies stay external. The embedded
// database's worker-thread entry is an entry of its own: it is loaded from beside the bundle at run time.
export default defineConfig({
  entry: { server: 'src/server.ts', 'embedded-mongo-worker': '../../packages/embedded-mongo/src/embedded-mongo-worker.ts' },
  format: ['esm'],
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@hireflow\//],
});
