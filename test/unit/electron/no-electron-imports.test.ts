import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Electron cannot start in CI, so everything outside src-main/electron must run under Node:
 * no file there may import `electron`. Inside the folder, the modules tests load must not either.
 */
const root = process.cwd();
const SKIP = new Set([
  'node_modules',
  'out',
  'dist',
  'release',
  '.git',
  'test-results',
  'playwright-report',
  '.electron-native',
]);
const IMPORTS_ELECTRON = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]electron(?:\/[^'"]*)?['"]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') && entry.name !== '.ci') return [];
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|cts|js|mjs|cjs|vue)$/.test(entry.name) ? [path] : [];
  });
}

const importers = sourceFiles(root)
  .filter((file) => IMPORTS_ELECTRON.test(readFileSync(file, 'utf8')))
  .map((file) => relative(root, file).split(sep).join('/'));

describe('electron imports', () => {
  it('the scan recognises the import forms', () => {
    // Built from parts, so this file does not count as an importer itself.
    const name = ['elec', 'tron'].join('');
    expect(IMPORTS_ELECTRON.test(`import { app } from '${name}';`)).toBe(true);
    expect(IMPORTS_ELECTRON.test(`const { app } = require("${name}")`)).toBe(true);
    expect(IMPORTS_ELECTRON.test(`await import('${name}/main')`)).toBe(true);
    expect(IMPORTS_ELECTRON.test(`import '${name}';`)).toBe(true);
    expect(IMPORTS_ELECTRON.test(`import x from '${name}-vite'`)).toBe(false);
  });

  it('happen only in src-main/electron', () => {
    expect(importers.filter((file) => !file.startsWith('src-main/electron/'))).toEqual([]);
  });

  it('stay out of the electron-free shell modules the tests load', () => {
    const free = [
      'bridge-core.ts',
      'remote-settings.ts',
      'window-options.ts',
      'window-state.ts',
      'app-protocol.ts',
      'notifications.ts',
      'native-binding.ts',
      'safe-storage-secrets.ts',
      'save-pdf.ts',
      'shell-policy.ts',
      'print-ready.ts',
    ].map((name) => `src-main/electron/${name}`);
    expect(importers.filter((file) => free.includes(file))).toEqual([]);
    expect(importers).toEqual(
      expect.arrayContaining(['src-main/electron/main.ts', 'src-main/electron/preload.ts']),
    );
  });
});
