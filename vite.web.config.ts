import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { resolve } from 'node:path';

// The web build of the UI, served by `npm run serve` at `/` (and used by the e2e tests).
export default defineConfig({
  root: resolve(import.meta.dirname, 'src-renderer'),
  base: './',
  plugins: [vue()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
