import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { startHttpHost, type HttpHost } from '../../../src-main/server/http-host';
import {
  createBridge,
  isTrustedSender,
  registerBridgeHandler,
  remoteUrl,
  type Bridge,
  type RemoteTarget,
} from '../../../src-main/electron/bridge-core';
import { RemoteSettingsStore, mountRemoteSettingsRoute } from '../../../src-main/electron/remote-settings';
import { IPC_CHANNEL, type WireRequest, type WireResponse } from '../../../src-shared/ipc';
import type { SecretBox } from '../../../src-main/engine/secrets';

const APP = 'app://answerscope';
const json = (res: WireResponse) => JSON.parse(res.body);

/** An ipcMain-shaped object: keeps the handler so a test can invoke it like the renderer would. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  return {
    handle: (channel: string, listener: (event: unknown, ...args: unknown[]) => unknown) =>
      void handlers.set(channel, listener),
    invoke: (frame: { url: string; parent: unknown } | null, req: unknown) =>
      handlers.get(IPC_CHANNEL)!({ senderFrame: frame }, req) as Promise<WireResponse>,
    channels: () => [...handlers.keys()],
  };
}
const topFrame = { url: `${APP}/index.html#/projects`, parent: null };

/** A box that visibly transforms, standing in for the OS keychain (safeStorage needs Electron). */
const testBox: SecretBox = {
  seal: (plain) => `sealed:${Buffer.from(plain).toString('base64')}`,
  open: (sealed) => Buffer.from(sealed.slice(7), 'base64').toString(),
};

let local: TestEngine;
let server: TestEngine;
let serverHost: HttpHost;

beforeAll(async () => {
  local = await createTestEngine();
  // The team's shared server: a second engine behind the real HTTP host on loopback.
  server = await createTestEngine();
  serverHost = await startHttpHost(server.engine);
  await server.api.send('PATCH /api/app/account', { body: { limits_balance: 4321 } });
});
afterAll(async () => {
  await serverHost.close();
  await server.close();
  await local.close();
});

describe('the IPC channel', () => {
  let ipc: ReturnType<typeof fakeIpcMain>;
  beforeEach(() => {
    ipc = fakeIpcMain();
    registerBridgeHandler(ipc, createBridge({ engine: local.engine, getRemote: () => null }), APP);
  });

  it('registers exactly one channel and answers our page as the local owner', async () => {
    expect(ipc.channels()).toEqual([IPC_CHANNEL]);
    const res = await ipc.invoke(topFrame, { method: 'GET', path: '/api/app/account' });
    expect(res.status).toBe(200);
    expect(json(res).data).toMatchObject({ id: local.engine.localOwnerId, limits_balance: 10000 });
  });

  it('refuses frames that do not show our page, and iframes', async () => {
    for (const frame of [
      { url: 'https://evil.example/index.html', parent: null },
      { url: 'app://other/index.html', parent: null },
      { url: 'about:blank', parent: null },
      { url: `${APP}/index.html`, parent: {} },
      null,
    ]) {
      const res = await ipc.invoke(frame, { method: 'GET', path: '/api/neurals' });
      expect(res.status).toBe(403);
      expect(json(res)).toEqual({ message: expect.any(String) });
    }
  });

  it('ignores an authorization header from the renderer: identity is the main process’s call', async () => {
    const res = await ipc.invoke(topFrame, {
      method: 'GET',
      path: '/api/app/account',
      headers: { authorization: 'Bearer as_forged' },
    });
    expect(res.status).toBe(200);
  });

  it.each<[string, unknown, number]>([
    ['not an object', 'GET /api/neurals', 400],
    ['a method outside the list', { method: 'HEAD', path: '/api/neurals' }, 400],
    ['a path outside /api/', { method: 'GET', path: '/etc/passwd' }, 400],
    ['dot segments', { method: 'GET', path: '/api/../admin' }, 400],
    ['encoded dot segments', { method: 'GET', path: '/api/%2e%2e/admin' }, 400],
    ['a full URL', { method: 'GET', path: 'https://evil.example/api/x' }, 400],
    ['a GET with a body', { method: 'GET', path: '/api/neurals', body: '{}' }, 400],
    ['a body that is not text', { method: 'POST', path: '/api/projects', body: { a: 1 } }, 400],
    [
      'a header with a line break',
      { method: 'GET', path: '/api/neurals', headers: { accept: 'a\r\nx: y' } },
      400,
    ],
    [
      'a body over 4 MiB',
      { method: 'POST', path: '/api/projects', body: 'x'.repeat(4 * 1024 * 1024 + 1) },
      413,
    ],
  ])('answers %s with a clear {message}', async (_label, req, status) => {
    const res = await ipc.invoke(topFrame, req);
    expect(res.status).toBe(status);
    expect(json(res)).toEqual({ message: expect.any(String) });
  });

  it('lets the engine answer its own 413 for a body between its limit and the bridge’s', async () => {
    const res = await ipc.invoke(topFrame, {
      method: 'POST',
      path: '/api/app/neurals',
      body: JSON.stringify({ pad: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('forwarding to a remote server', () => {
  let remote: RemoteTarget | null;
  let bridge: Bridge;
  beforeEach(() => {
    remote = { baseUrl: serverHost.url, token: server.ownerToken };
    bridge = createBridge({ engine: local.engine, getRemote: () => remote, remoteTimeoutMs: 300 });
  });

  it('answers from the remote server, with its statuses and bodies', async () => {
    const account = await bridge.handleWire({ method: 'GET', path: '/api/app/account' });
    expect(account.status).toBe(200);
    expect(json(account).data.limits_balance).toBe(4321);

    const missing = await bridge.handleWire({ method: 'GET', path: '/api/projects/999' });
    expect(missing.status).toBe(404);
    expect(json(missing)).toEqual(
      json(
        await createBridge({ engine: local.engine, getRemote: () => null }).handleWire({
          method: 'GET',
          path: '/api/projects/999',
        }),
      ),
    );

    const invalid = await bridge.handleWire({
      method: 'PATCH',
      path: '/api/app/account',
      body: JSON.stringify({ limits_balance: -5 }),
    });
    expect(invalid.status).toBe(422);
    expect(json(invalid).errors).toHaveProperty('limits_balance');
  });

  it('sends its own token, whatever the renderer puts in the headers', async () => {
    const res = await bridge.handleWire({
      method: 'GET',
      path: '/api/app/account',
      headers: { authorization: 'Bearer as_forged' },
    });
    expect(res.status).toBe(200);
  });

  it('passes the remote server’s 401 through when the stored token is revoked', async () => {
    remote = { baseUrl: serverHost.url, token: 'as_revoked' };
    const res = await bridge.handleWire({ method: 'GET', path: '/api/neurals' });
    expect(res.status).toBe(401);
    expect(json(res)).toEqual({ message: expect.any(String) });
  });

  it('switches back to local data as soon as the remote is unset', async () => {
    remote = null;
    const res = await bridge.handleWire({ method: 'GET', path: '/api/app/account' });
    expect(json(res).data.limits_balance).toBe(10000);
  });

  it('answers 502 {message} naming the address when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    remote = { baseUrl: `http://127.0.0.1:${port}`, token: 'x' };
    const res = await bridge.handleWire({ method: 'GET', path: '/api/neurals' });
    expect(res.status).toBe(502);
    expect(json(res).message).toContain(`http://127.0.0.1:${port}`);
  });

  it('answers 504 {message} when the server does not answer in time', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    remote = { baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, token: 'x' };
    const res = await bridge.handleWire({ method: 'GET', path: '/api/neurals' });
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
    expect(res.status).toBe(504);
    expect(json(res)).toEqual({ message: expect.stringContaining('did not answer') });
  });

  it('keeps a server under a path prefix and refuses paths that would leave its /api/', () => {
    expect(remoteUrl('https://host.example/team', '/api/neurals?x=1').href).toBe(
      'https://host.example/team/api/neurals?x=1',
    );
    expect(() => remoteUrl('https://host.example/team', '/api/../admin')).toThrow();
  });
});

describe('/app-shell/remote', () => {
  let bridge: Bridge;
  let store: RemoteSettingsStore;
  let file: string;
  beforeEach(() => {
    file = join(local.dataDir, `remote-${Math.random().toString(36).slice(2)}.json`);
    store = new RemoteSettingsStore(file, testBox);
    bridge = createBridge({ engine: local.engine, getRemote: () => store.target() });
    mountRemoteSettingsRoute(bridge, store);
  });
  const put = (body: unknown) =>
    bridge.handleWire({ method: 'PUT', path: '/app-shell/remote', body: JSON.stringify(body) });

  it('starts on this computer', async () => {
    const res = await bridge.handleWire({ method: 'GET', path: '/app-shell/remote' });
    expect(res.status).toBe(200);
    expect(json(res)).toEqual({ data: { mode: 'local', base_url: null, token_set: false } });
  });

  it('switches to a server that accepts the token, then back, at runtime', async () => {
    const on = await put({ mode: 'remote', base_url: `${serverHost.url}/api/`, token: server.ownerToken });
    expect(on.status).toBe(200);
    expect(json(on)).toEqual({ data: { mode: 'remote', base_url: serverHost.url, token_set: true } });
    const account = await bridge.handleWire({ method: 'GET', path: '/api/app/account' });
    expect(json(account).data.limits_balance).toBe(4321);

    // The token is sealed in the file and never given back.
    const stored = readFileSync(file, 'utf8');
    expect(stored).not.toContain(server.ownerToken);
    expect(new RemoteSettingsStore(file, testBox).target()).toEqual({
      baseUrl: serverHost.url,
      token: server.ownerToken,
    });

    const off = await put({ mode: 'local' });
    expect(json(off).data).toEqual({ mode: 'local', base_url: serverHost.url, token_set: true });
    const back = await bridge.handleWire({ method: 'GET', path: '/api/app/account' });
    expect(json(back).data.limits_balance).toBe(10000);
  });

  it('answers 422 by field and keeps the settings when the server refuses the token', async () => {
    const res = await put({ mode: 'remote', base_url: serverHost.url, token: 'as_wrong' });
    expect(res.status).toBe(422);
    expect(json(res)).toEqual({ message: expect.any(String), errors: { token: [expect.any(String)] } });
    expect(store.view().mode).toBe('local');
  });

  it.each<[unknown, string]>([
    [{ mode: 'cloud' }, 'mode'],
    [{ mode: 'remote', token: 'x' }, 'base_url'],
    [{ mode: 'remote', base_url: 'ftp://host', token: 'x' }, 'base_url'],
    [{ mode: 'remote', base_url: 'https://user:pw@host', token: 'x' }, 'base_url'],
    [{ mode: 'remote', base_url: 'https://host.example' }, 'token'],
  ])('answers 422 for %j', async (body, field) => {
    const res = await put(body);
    expect(res.status).toBe(422);
    expect(Object.keys(json(res).errors)).toEqual([field]);
  });

  it('answers 422 on base_url when nothing listens there', async () => {
    const res = await put({ mode: 'remote', base_url: 'http://127.0.0.1:9', token: 'x' });
    expect(res.status).toBe(422);
    expect(json(res).errors.base_url[0]).toContain('Could not reach');
  });
});

describe('isTrustedSender', () => {
  it('accepts only our scheme, host and port', () => {
    expect(isTrustedSender('app://answerscope/index.html#/x', APP)).toBe(true);
    expect(isTrustedSender('http://localhost:5173/', ['app://answerscope', 'http://localhost:5173'])).toBe(
      true,
    );
    expect(isTrustedSender('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
    expect(isTrustedSender('file:///tmp/index.html', APP)).toBe(false);
    expect(isTrustedSender('', APP)).toBe(false);
    expect(isTrustedSender(undefined, APP)).toBe(false);
    expect(isTrustedSender('not a url', APP)).toBe(false);
  });
});

// Kept for the type: a WireRequest literal must satisfy the shared shape.
const _typed: WireRequest = { method: 'GET', path: '/api/neurals' };
void _typed;
