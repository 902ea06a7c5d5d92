import { defineConfig, type Plugin } from 'vite';
import vue from '@vitejs/plugin-vue';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { STAMP_FILE, sourceStamp } from './src-main/server/web-build.ts';

/**
 * Writes the hash of the sources the build started from beside the output, so `npm run serve`
 * can tell a fresh build from a stale one (src-main/server/web-build.ts).
 */
function sourceStampPlugin(): Plugin {
  let stamp = '';
  let outDir = '';
  return {
    name: 'answerscope-source-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      stamp = sourceStamp(import.meta.dirname);
    },
    closeBundle() {
      writeFileSync(join(outDir, STAMP_FILE), `${stamp}\n`);
    },
  };
}

// The web build of the UI, served by `npm run serve` at `/` (and used by the e2e tests).
export default defineConfig({
  root: resolve(import.meta.dirname, 'src-renderer'),
  base: './',
  plugins: [vue(), sourceStampPlugin()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
