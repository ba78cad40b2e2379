/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API's dev port; `npm run dev` starts the API there. VITE_API_PROXY points elsewhere when needed.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // The API serves the JSON API and the server-rendered career site.
    proxy: { '/api': { target: apiTarget, changeOrigin: true }, '/careers': { target: apiTarget, changeOrigin: true }, '/schedule': { target: apiTarget, changeOrigin: true }, '^/offer/': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // No preload lists: with a hundred lazy pages they weighed 5 KB (gzipped) in the entry that every first
    // visit downloads, /login included (budget 170 KB JS). A page's chunk then fetches the shared chunks it
    // imports when it loads (one more round trip on the first visit of a page); CSS of lazy chunks still loads.
    modulePreload: false,
    // Font files stay files: inlined into the entry CSS, every visitor would download the small
    // Roboto subsets (Greek, Vietnamese, ...) that the browser otherwise fetches only for text that needs them.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    css: false,
    // A guard against a hung test, not a speed check: a busy CI machine takes minutes for what takes seconds here.
    testTimeout: 180_000,
  },
});
