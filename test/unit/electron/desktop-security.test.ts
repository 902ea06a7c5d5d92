import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '../../helpers/test-engine';
import { createBridge, type Bridge } from '../../../src-main/electron/bridge-core';
import { RemoteSettingsStore, mountRemoteSettingsRoute } from '../../../src-main/electron/remote-settings';
import {
  createSafeStorageSecretBox,
  type SafeStorageLike,
} from '../../../src-main/electron/safe-storage-secrets';
import { waitForPrintReady } from '../../../src-main/electron/print-ready';
import { createLinkOpener, linkPrompt, permissionAllowed } from '../../../src-main/electron/shell-policy';
import { PrintError } from '../../../src-main/engine/ports';
import type { SecretBox } from '../../../src-main/engine/secrets';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-desktop-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** safeStorage stand-in (XOR, visibly not the plain text), switchable like a missing keyring. */
function fakeSafeStorage(available: boolean): SafeStorageLike {
  const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => xor(Buffer.from(plain)),
    decryptString: (encrypted) => xor(encrypted).toString(),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  };
}
const keychain = (available: boolean) =>
  createSafeStorageSecretBox(fakeSafeStorage(available), () => undefined);

/** A stand-in AnswerScope server as fetch sees it: records who was asked with which token. */
function recordingFetch() {
  const asked: Array<{ url: string; authorization: string | null }> = [];
  const doFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
    return new Response(JSON.stringify({ data: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { asked, doFetch };
}

async function remoteSettings(box: SecretBox = keychain(true)) {
  const t = await createTestEngine();
  cleanups.push(() => t.close());
  const file = join(t.dataDir, 'remote-server.json');
  const store = new RemoteSettingsStore(file, box);
  const bridge: Bridge = createBridge({ engine: t.engine, getRemote: () => store.target() });
  const { asked, doFetch } = recordingFetch();
  mountRemoteSettingsRoute(bridge, store, { fetch: doFetch });
  const put = async (body: unknown) => {
    const res = await bridge.handleWire({
      method: 'PUT',
      path: '/app-shell/remote',
      body: JSON.stringify(body),
    });
    return { status: res.status, body: JSON.parse(res.body) };
  };
  return { store, put, asked, file };
}

describe('the remote server setting', () => {
  it('asks for the token again when the address changes, and never sends the old one there', async () => {
    const { put, asked, store } = await remoteSettings();
    expect(
      (await put({ mode: 'remote', base_url: 'https://team.example.com', token: 'as_team' })).status,
    ).toBe(200);
    expect(asked).toEqual([{ url: 'https://team.example.com/api/neurals', authorization: 'Bearer as_team' }]);

    const moved = await put({ mode: 'remote', base_url: 'https://other.example.net' });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.errors)).toEqual(['token']);
    expect(moved.body.errors.token[0]).toMatch(/new server address needs its token/);
    expect(asked.filter((r) => r.url.startsWith('https://other.example.net'))).toEqual([]);
    expect(store.target()).toEqual({ baseUrl: 'https://team.example.com', token: 'as_team' });

    // Same address, no token: the stored one is kept (the check goes to the same server).
    expect((await put({ mode: 'remote', base_url: 'https://team.example.com/' })).status).toBe(200);
    const withToken = await put({ mode: 'remote', base_url: 'https://other.example.net', token: 'as_other' });
    expect(withToken.status).toBe(200);
    expect(asked.at(-1)).toEqual({
      url: 'https://other.example.net/api/neurals',
      authorization: 'Bearer as_other',
    });
  });

  it('takes plain http only for this computer and the local network', async () => {
    const { put, asked } = await remoteSettings();
    for (const base_url of ['http://team.example.com', 'http://203.0.113.9:8787']) {
      const res = await put({ mode: 'remote', base_url, token: 'as_x' });
      expect(res.status, base_url).toBe(422);
      expect(res.body.errors.base_url[0], base_url).toMatch(/https:\/\//);
    }
    expect(asked).toEqual([]);
    for (const base_url of ['http://127.0.0.1:8787', 'http://192.168.1.20:8787', 'http://answerscope.lan']) {
      expect((await put({ mode: 'remote', base_url, token: 'as_x' })).status, base_url).toBe(200);
    }
  });
});

describe('secrets without a keychain', () => {
  it('are shown as unencrypted, and sealed by the keychain once it works', async () => {
    const dir = tempDir();
    const file = join(dir, 'remote-server.json');
    const without = keychain(false);
    expect(without.storage).toBe('unencrypted');
    const store = new RemoteSettingsStore(file, without);
    store.save({ mode: 'remote', base_url: 'https://team.example.com', token: 'as_secret_token' });
    expect(store.view().secret_storage).toBe('unencrypted');
    expect(readFileSync(file, 'utf8')).toContain('plain:as_secret_token');

    const later = new RemoteSettingsStore(file, keychain(true));
    expect(later.view().secret_storage).toBe('keychain');
    const stored = readFileSync(file, 'utf8');
    expect(stored).not.toContain('as_secret_token');
    expect(stored).toContain('safe:');
    expect(later.target()).toEqual({ baseUrl: 'https://team.example.com', token: 'as_secret_token' });
  });

  it('in the engine (provider keys) are re-sealed at the first start with a keychain', async () => {
    const dataDir = tempDir();
    const first = await createTestEngine({ dataDir, secrets: keychain(false) });
    const created = await first.api.send('POST /api/app/neurals', {
      body: {
        system_name: 'gw',
        display_name: 'Gateway',
        provider: 'openai-compatible',
        model: 'm',
        base_url: 'https://gw.example/v1',
        api_key: 'sk-desktop-1',
      },
    });
    expect(created.status).toBe(201);
    const read = async (t: typeof first) =>
      (
        await t.engine.ctx.db
          .selectFrom('neurals')
          .select('api_key')
          .where('system_name', '=', 'gw')
          .executeTakeFirstOrThrow()
      ).api_key;
    expect(await read(first)).toBe('plain:sk-desktop-1');
    await first.close();

    const box = keychain(true);
    const again = await createTestEngine({ dataDir, secrets: box });
    cleanups.push(() => again.close());
    const sealed = await read(again);
    expect(sealed).toMatch(/^safe:/);
    expect(box.open(sealed!)).toBe('sk-desktop-1');
  });
});

describe('the desktop printer', () => {
  it('fails a print whose view never signals ready, instead of printing it', async () => {
    let probes = 0;
    const never = waitForPrintReady(async () => (probes++, ''), 120, { intervalMs: 10 });
    await expect(never).rejects.toBeInstanceOf(PrintError);
    await expect(never).rejects.toThrow(/did not signal/);
    expect(probes).toBeGreaterThan(1);
  });

  it('prints once the view is ready, and fails on its error marker', async () => {
    let probes = 0;
    await expect(
      waitForPrintReady(async () => (++probes >= 3 ? 'true' : ''), 5000, { intervalMs: 5 }),
    ).resolves.toBe(undefined);
    await expect(waitForPrintReady(async () => 'error', 5000)).rejects.toThrow(/could not load/);
  });
});

describe('links leaving the app', () => {
  it('open in the browser only after the user says yes', async () => {
    const opened: string[] = [];
    let answer = false;
    const questions: string[] = [];
    const open = createLinkOpener({
      confirm: async (prompt) => (questions.push(prompt.detail), answer),
      open: async (url) => void opened.push(url),
    });
    expect(await open('https://competitor.example/pricing')).toBe(false);
    expect(opened).toEqual([]);
    expect(questions[0]).toContain('https://competitor.example/pricing');
    answer = true;
    expect(await open('https://competitor.example/pricing')).toBe(true);
    expect(opened).toEqual(['https://competitor.example/pricing']);
  });

  it('never open other schemes, and ask one question at a time', async () => {
    let release!: (yes: boolean) => void;
    let asked = 0;
    const open = createLinkOpener({
      confirm: () => (asked++, new Promise<boolean>((r) => (release = r))),
      open: async () => undefined,
    });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ms-settings:', 'https://u:p@x.example/'])
      expect(await open(url), url).toBe(false);
    expect(asked).toBe(0);
    const first = open('https://a.example/');
    expect(await open('https://b.example/')).toBe(false); // while the first question is open
    release(true);
    expect(await first).toBe(true);
    expect(asked).toBe(1);
  });

  it('show a look-alike name as what it is', () => {
    expect(linkPrompt('https://аpple.com/login').message).toContain('xn--');
  });
});

describe('web permissions', () => {
  it('are denied by default, to our pages and to any other', () => {
    const own = ['app://answerscope'];
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'hid',
      'serial',
      'usb',
      'clipboard-read',
    ])
      expect(permissionAllowed(permission, 'app://answerscope/', own), permission).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', 'app://answerscope/', own)).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'https://evil.example/', own)).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', undefined, own)).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', 'not a url', own)).toBe(false);
  });
});
