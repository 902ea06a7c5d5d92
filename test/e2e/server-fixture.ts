import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  /** The one-time UI address the server printed (carries a token). */
  uiUrl: string;
  token: string;
  dataDir: string;
}

/**
 * Starts the real headless server (`npm run serve`) on a free port, once per worker; a spec that
 * needs other options (`extraArgs`) starts its own.
 */
export async function startServer(
  extraArgs: string[] = [],
): Promise<{ server: RunningServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-e2e-'));
  const child: ChildProcess = spawn(
    'npx',
    ['tsx', 'src-main/server/serve.ts', '--data-dir', dataDir, '--port', '0', ...extraArgs],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env },
      // Its own process group, stopped as a whole: npx does not pass SIGTERM on to tsx and the
      // server, which would otherwise outlive the test run.
      detached: true,
    },
  );
  let output = '';
  const server = await new Promise<RunningServer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /AnswerScope listening on (http:\/\/\S+)/.exec(output);
      const ui = /Open the UI: (\S+#token=(\S+))/.exec(output);
      if (listening && ui) {
        clearTimeout(timer);
        resolve({ url: listening[1], uiUrl: ui[1], token: ui[2], dataDir });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    const group = -child.pid!;
    const alive = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    if (alive()) process.kill(group, 'SIGTERM');
    // The server stops its jobs at a safe point first; after 10 s it is stopped outright.
    for (let waited = 0; alive() && waited < 10_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    if (alive()) process.kill(group, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}

export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
    async ({}, use) => {
      const { server, stop } = await startServer();
      await use(server);
      await stop();
    },
    { scope: 'worker' },
  ],
});

/** The API as the test's user, over the server's address; any status of 300 or above fails. */
export function api(request: APIRequestContext, server: RunningServer) {
  const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json' };
  const send = async (method: 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown) => {
    const res = await request.fetch(`${server.url}${path}`, { method, headers, data: data ?? {} });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  return {
    get: async (path: string) => {
      const res = await request.get(`${server.url}${path}`, { headers });
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
    send,
    post: (path: string, data: unknown) => send('POST', path, data),
    bytes: async (url: string) => (await request.get(url, { headers })).body(),
  };
}

export { expect };
