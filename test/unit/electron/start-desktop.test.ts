import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronAddonDir } from '../../../src-main/electron/native-binding';

/** `npm start` as a user runs it, with a fake electron package folder in place of the real one. */
const script = resolve('scripts/start-desktop.mjs');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'answerscope-fake-electron-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  // Offline, like this machine: the installer fails, and notes each attempt.
  writeFileSync(
    join(dir, 'install.js'),
    `require('fs').appendFileSync(${JSON.stringify(join(dir, 'attempts'))}, 'x'); console.error('fetch failed'); process.exit(1);`,
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [script, '--skip-build', '--', '--flag'], {
    encoding: 'utf8',
    env: { ...process.env, ANSWERSCOPE_ELECTRON_DIR: dir, ...env },
  });
}

describe('npm start without an Electron runtime', () => {
  it('tries the download once, then exits non-zero naming npm run serve', () => {
    const run = start();
    expect(run.status).not.toBe(0);
    expect(readFileSync(join(dir, 'attempts'), 'utf8')).toBe('x');
    expect(run.stderr).toContain(
      'Electron runtime (electron 45.4.1) is not installed and could not be downloaded',
    );
    expect(run.stderr).toContain('npm run serve');
  });
});

describe('npm start with a runtime', () => {
  it('opens the app root in the runtime and exits with its code', () => {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'path.txt'), 'electron');
    const runtime = join(dir, 'dist/electron');
    // A stand-in runtime that records how it was started.
    writeFileSync(
      runtime,
      `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(join(dir, 'argv.json'))}, JSON.stringify(process.argv.slice(2)));\nprocess.exit(7);\n`,
    );
    chmodSync(runtime, 0o755);
    const run = start({ ANSWERSCOPE_SQLITE_BINDING: '/nowhere/better_sqlite3.node' });
    expect(run.status).toBe(7);
    expect(JSON.parse(readFileSync(join(dir, 'argv.json'), 'utf8'))).toEqual([resolve('.'), '--flag']);
  });
});

describe('the Electron build of better-sqlite3', () => {
  it('is looked for by the app where the build script puts it', async () => {
    const scriptPath = resolve('scripts/build-electron-sqlite.mjs');
    const { addonDir } = await import(scriptPath);
    expect(addonDir('/app', '45.4.1', 'linux', 'x64')).toBe(
      electronAddonDir('/app', '45.4.1', 'linux', 'x64'),
    );
  });
});
