import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

// electron-vite only finds src/main, src/preload and src/renderer by itself; our folders are
// named, so every entry is given here. Output: out/main, out/preload, out/renderer.
const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // index.js: the app; mcp.js: the stdio MCP server, which the installed app runs with its
      // own executable as Node (src-main/mcp/client-config.ts).
      lib: {
        entry: {
          index: resolve(root, 'src-main/electron/main.ts'),
          mcp: resolve(root, 'src-main/server/mcp.ts'),
        },
      },
      rolldownOptions: { output: { entryFileNames: '[name].js' } },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      rolldownOptions: {
        input: { index: resolve(root, 'src-main/electron/preload.ts') },
        // A sandboxed preload cannot load ES modules: CommonJS, one file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    base: './',
    plugins: [vue()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      chunkSizeWarningLimit: 2000,
      rolldownOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
  },
});
