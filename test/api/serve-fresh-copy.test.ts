import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * A new user's first start: a copy of the repository without any build output (what a clone
 * is), `node_modules` in place (what `npm install` leaves), then the README's command
 * `npm run serve`. The UI must be at `/` with no other step; after a source changes, the next
 * start rebuilds it (one line says so); an unchanged tree starts without building.
 */
const repo = resolve('.');
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'answerscope-clone-'));
  // Tracked files plus new ones not ignored, as they are on disk (so this runs before a commit).
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repo,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f && f !== 'node_modules' && existsSync(join(repo, f)));
  for (const file of files) {
    mkdirSync(dirname(join(work, file)), { recursive: true });
    copyFileSync(join(repo, file), join(work, file));
  }
  symlinkSync(realpathSync(join(repo, 'node_modules')), join(work, 'node_modules'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run serve -- …` in the copy until it listens; returns its output, address and a stop. */
async function serve(): Promise<{ output: string; url: string; stop: () => Promise<void> }> {
  const child = spawn('npm', ['run', 'serve', '--', '--data-dir', join(work, 'data'), '--port', '0'], {
    cwd: work,
    detached: true, // its own process group: npm, tsx and node stop together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not listen:\n${output}`)), 90_000);
    child.stdout.on('data', () => {
      const match = /AnswerScope listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { output, url, stop };
}

async function expectUi(url: string) {
  const page = await fetch(`${url}/`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<div id="app">');
  const script = /src="\.?\/?(assets\/index-[^"]+\.js)"/.exec(html);
  expect(script, html).not.toBeNull();
  const asset = await fetch(`${url}/${script![1]}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-type')).toContain('javascript');
}

describe('npm run serve on a fresh copy of the repository', () => {
  it('builds the UI on first start, rebuilds it after a source change, and not otherwise', async () => {
    expect(existsSync(join(work, 'out'))).toBe(false);

    const first = await serve();
    try {
      expect(first.output).toMatch(/Building the web UI \(it is not built yet/);
      await expectUi(first.url);
    } finally {
      await first.stop();
    }

    // What a `git pull` that touches the UI does.
    appendFileSync(join(work, 'src-renderer/src/main.ts'), '\n// a change pulled from upstream\n');
    const second = await serve();
    try {
      expect(second.output).toMatch(/Building the web UI \(its sources changed/);
      await expectUi(second.url);
    } finally {
      await second.stop();
    }

    const third = await serve();
    try {
      expect(third.output).not.toMatch(/Building the web UI/);
      await expectUi(third.url);
    } finally {
      await third.stop();
    }
  }, 240_000);
});
