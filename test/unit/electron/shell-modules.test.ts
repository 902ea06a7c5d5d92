import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import {
  createSafeStorageSecretBox,
  type SafeStorageLike,
} from '../../../src-main/electron/safe-storage-secrets';
import { plainSecretBox } from '../../../src-main/engine/secrets';
import { notificationFor } from '../../../src-main/electron/notifications';
import { resolveNativeBinding } from '../../../src-main/electron/native-binding';
import { createAppProtocolHandler } from '../../../src-main/electron/app-protocol';
import { contentSecurityPolicy } from '../../../src-main/electron/window-options';

/** safeStorage needs Electron; this stand-in encrypts visibly (XOR) and can be switched off. */
function fakeSafeStorage(available: boolean, backend = 'gnome_libsecret'): SafeStorageLike {
  const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain) => xor(Buffer.from(plain)),
    decryptString: (encrypted) => xor(encrypted).toString(),
    getSelectedStorageBackend: () => backend,
  };
}

describe('secrets on the desktop', () => {
  it('are sealed by the OS keychain and open again; the key is not in the stored text', () => {
    const box = createSafeStorageSecretBox(fakeSafeStorage(true), () => undefined);
    const sealed = box.seal('sk-live-123');
    expect(sealed).toMatch(/^safe:/);
    expect(sealed).not.toContain('sk-live-123');
    expect(box.open(sealed)).toBe('sk-live-123');
  });

  it('still open when they were stored by the plain box before', () => {
    const box = createSafeStorageSecretBox(fakeSafeStorage(true), () => undefined);
    expect(box.open(plainSecretBox.seal('old-key'))).toBe('old-key');
  });

  it('fall back to the plain box with one warning where the OS has no keychain', () => {
    for (const storage of [fakeSafeStorage(false), fakeSafeStorage(true, 'basic_text')]) {
      const warnings: string[] = [];
      const box = createSafeStorageSecretBox(storage, (m) => warnings.push(m));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('unencrypted');
      expect(box.seal('k')).toBe(plainSecretBox.seal('k'));
    }
  });
});

describe('OS notifications', () => {
  it('are shown for finished and failed runs and reports only', () => {
    expect(notificationFor({ type: 'update_finished', message: 'Acme: update done' })).toEqual({
      title: 'Update finished',
      body: 'Acme: update done',
    });
    expect(notificationFor({ type: 'update_failed', message: 'm' })?.title).toBe('Update failed');
    expect(notificationFor({ type: 'report_done', message: 'm' })?.title).toBe('Report ready');
    expect(notificationFor({ type: 'report_failed', message: 'm' })?.title).toBe('Report failed');
    for (const type of ['update_started', 'draft_ready', 'notice']) {
      expect(notificationFor({ type, message: 'm' })).toBeNull();
    }
  });

  it('tell of a significant change unless the user kept it to the event list', () => {
    expect(notificationFor({ type: 'significant_change', message: 'Visibility of Acme fell' })).toEqual({
      title: 'Significant change',
      body: 'Visibility of Acme fell',
    });
    expect(notificationFor({ type: 'significant_change', message: 'm', notify: false })).toBeNull();
  });
});

describe('the Electron build of better-sqlite3', () => {
  const base = {
    resourcesPath: '/opt/AnswerScope/resources',
    appRoot: '/src/answerscope',
    electronVersion: '45.4.1',
    platform: 'linux',
    arch: 'x64',
    env: {},
  };
  it('is the one shipped in resources/native when packaged', () => {
    expect(resolveNativeBinding({ ...base, packaged: true, exists: () => true })).toBe(
      '/opt/AnswerScope/resources/native/better_sqlite3.node',
    );
  });
  it('is the separately built one in development, and null when it was not built', () => {
    expect(resolveNativeBinding({ ...base, packaged: false, exists: () => true })).toBe(
      '/src/answerscope/.electron-native/45.4.1-linux-x64/better_sqlite3.node',
    );
    expect(resolveNativeBinding({ ...base, packaged: false, exists: () => false })).toBeNull();
  });
  it('can be named by ANSWERSCOPE_SQLITE_BINDING', () => {
    expect(
      resolveNativeBinding({
        ...base,
        packaged: false,
        exists: () => false,
        env: { ANSWERSCOPE_SQLITE_BINDING: '/x.node' },
      }),
    ).toBe('/x.node');
  });
});

describe('app://answerscope', () => {
  let t: TestEngine;
  let root: string;
  let handle: (request: Request) => Promise<Response>;
  const csp = contentSecurityPolicy();
  beforeAll(async () => {
    t = await createTestEngine();
    root = mkdtempSync(join(tmpdir(), 'answerscope-renderer-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>AnswerScope</title>');
    writeFileSync(join(root, 'assets/app.js'), 'console.log(1)');
    handle = createAppProtocolHandler({ rendererRoot: root, engine: t.engine, csp });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the UI with the CSP, and the page for any client route', async () => {
    for (const url of [
      'app://answerscope/index.html',
      'app://answerscope/',
      'app://answerscope/projects/1',
    ]) {
      const res = await handle(new Request(url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(csp);
      expect(await res.text()).toContain('<title>AnswerScope</title>');
    }
    const js = await handle(new Request('app://answerscope/assets/app.js'));
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('never serves a file outside the renderer folder', async () => {
    const res = await handle(new Request('app://answerscope/%2e%2e/%2e%2e/etc/passwd'));
    expect(await res.text()).not.toContain('root:');
  });

  it('answers the API with bearer auth, like the HTTP server (the print view carries a token)', async () => {
    expect((await handle(new Request('app://answerscope/api/neurals'))).status).toBe(401);
    const res = await handle(
      new Request('app://answerscope/api/neurals', { headers: { authorization: `Bearer ${t.ownerToken}` } }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).data.length).toBeGreaterThan(0);
  });

  it('refuses other hosts of the scheme', async () => {
    expect((await handle(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });
});
