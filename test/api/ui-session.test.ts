import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src-main/engine/engine';
import { createToken, createUiSessionToken, UI_SESSION_MS } from '../../src-main/engine/auth/tokens';
import { typedApiClient, createTestEngine } from '../helpers/test-engine';

const root = join(import.meta.dirname, '../..');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-session-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm run serve` (node + tsx, no npm wrapper, so SIGKILL reaches the server itself). */
async function serve(dataDir: string, webRoot: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'src-main/server/serve.ts'),
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--web-root',
      webRoot,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const started = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 90_000);
    child.stdout.on('data', () => {
      const url = /AnswerScope listening on (http:\/\/\S+)/.exec(output);
      const ui = /Open the UI: \S+#token=(\S+)/.exec(output);
      if (url && ui) {
        clearTimeout(timer);
        resolve({ url: url[1], token: ui[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
  return {
    ...started,
    output: () => output,
    kill: async (signal: NodeJS.Signals) => {
      child.kill(signal);
      await exited;
    },
  };
}

const account = (url: string, token: string) =>
  fetch(`${url}/api/app/account`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

/** The same question in process: 200 while the token counts, 401 once it does not. */
const accountIn = async (engine: Engine, token: string) =>
  (await typedApiClient(engine, token).error('GET /api/app/account')).status;

describe('the one-time UI token of npm run serve', () => {
  it('no longer works after the server was killed (SIGKILL) and started again', async () => {
    const dir = tempDir();
    const webRoot = join(dir, 'web');
    mkdirSync(webRoot);
    const first = await serve(join(dir, 'data'), webRoot);
    expect(first.output()).toMatch(/works for 24 hours/);
    expect(await account(first.url, first.token)).toBe(200);
    await first.kill('SIGKILL'); // no shutdown code runs: the token was not revoked

    const second = await serve(join(dir, 'data'), webRoot);
    expect(await account(second.url, first.token)).toBe(401);
    expect(await account(second.url, second.token)).toBe(200);
    await second.kill('SIGTERM');
  }, 180_000);

  it('expires after its lifetime even while the server runs', async () => {
    const t = await createTestEngine();
    cleanups.push(() => t.close());
    const { token } = await createUiSessionToken(t.engine.ctx, t.engine.localOwnerId);
    t.clock.advance(UI_SESSION_MS - 1000);
    expect(await accountIn(t.engine, token)).toBe(200);
    t.clock.advance(2000);
    expect(await accountIn(t.engine, token)).toBe(401);
  });

  it('is revoked by a host starting on the folder, not by the CLI, and people’s tokens stay', async () => {
    const dataDir = tempDir();
    const first = await createEngine({ dataDir });
    const session = await createUiSessionToken(first.ctx, first.localOwnerId);
    const print = await createToken(first.ctx, { userId: 1, name: 'print of report #1', kind: 'print' });
    const personal = await createToken(first.ctx, { userId: 1, name: 'my script' });
    await first.close(); // as after a crash: nothing revoked them

    const tool = await createEngine({ dataDir, role: 'tool' });
    expect(await accountIn(tool, session.token)).toBe(200);
    await tool.close();

    const host = await createEngine({ dataDir });
    cleanups.push(() => host.close());
    expect(await accountIn(host, session.token)).toBe(401);
    expect(await accountIn(host, print.token)).toBe(401);
    expect(await accountIn(host, personal.token)).toBe(200);
  });
});
