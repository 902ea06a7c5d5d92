import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestEngine, type TestEngine } from '../helpers/test-engine';
import { startHttpHost, type HttpHost } from '../../src-main/server/http-host';
import { allowedHostsFrom, hostAllowed, hostName } from '../../src-main/server/host-check';
import { contentSecurityPolicy } from '../../src-main/electron/window-options';

/**
 * DNS rebinding: the loopback server answers only Host names it knows. Requests go over a raw
 * socket because fetch will not send a Host header of our choosing (nor a malformed one).
 */
let t: TestEngine;
let plain: HttpHost;
let withNames: HttpHost;

beforeAll(async () => {
  t = await createTestEngine();
  const webRoot = join(t.dataDir, 'web');
  mkdirSync(webRoot);
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>UI</title>');
  plain = await startHttpHost(t.engine, { webRoot });
  withNames = await startHttpHost(t.engine, { allowedHosts: ['answerscope.lan', '.corp.example'] });
});

afterAll(async () => {
  await plain.close();
  await withNames.close();
  await t.close();
});

/** Sends one raw HTTP/1.1 request and answers the status code and body. */
function raw(host: HttpHost, lines: string[]): Promise<{ status: number; body: string }> {
  const { port } = new URL(host.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), body: rest.join('\r\n\r\n') });
    });
    // write, not end: Node's server drops a request whose client half-closes before the answer is
    // ready (on PostgreSQL the answer comes later than on SQLite); `Connection: close` ends it.
    socket.write([...lines, 'Connection: close', '', ''].join('\r\n'));
  });
}

const get = (host: HttpHost, hostHeader: string, path = '/api/projects') =>
  raw(host, [`GET ${path} HTTP/1.1`, `Host: ${hostHeader}`, `Authorization: Bearer ${t.ownerToken}`]);

describe('Host header check', () => {
  it('answers localhost, 127.0.0.1 and [::1] with any port', async () => {
    const port = new URL(plain.url).port;
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'localhost',
      'LOCALHOST:1',
    ]) {
      expect((await get(plain, host)).status, host).toBe(200);
    }
  });

  it('refuses a foreign name with 403 {message}, for the API and the UI alike', async () => {
    for (const path of ['/api/projects', '/', '/index.html']) {
      const answer = await get(plain, 'rebind.attacker.example', path);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining('--allowed-hosts') });
    }
    expect((await get(plain, `localhost.attacker.example:${new URL(plain.url).port}`)).status).toBe(403);
  });

  it('accepts the names given with allowedHosts (a leading dot takes subdomains too)', async () => {
    expect((await get(withNames, 'answerscope.lan:8787')).status).toBe(200);
    expect((await get(withNames, 'corp.example')).status).toBe(200);
    expect((await get(withNames, 'team.corp.example:80')).status).toBe(200);
    expect((await get(withNames, 'sub.answerscope.lan')).status).toBe(403);
    expect((await get(withNames, 'evil.example')).status).toBe(403);
  });

  it('never answers a malformed Host or request target with 500', async () => {
    for (const host of ['a b', '[::1', 'evil.example/x', 'user@localhost', 'localhost:99999', '%']) {
      const { status } = await get(plain, host);
      expect(status, host).toBeGreaterThanOrEqual(400);
      expect(status, host).toBeLessThan(500);
    }
    expect((await raw(plain, ['GET /api/projects HTTP/1.1'])).status).toBe(400); // no Host at all
    const port = new URL(plain.url).port;
    const absolute = await raw(plain, [
      `GET http://evil.example/api/projects HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${t.ownerToken}`,
    ]);
    expect(absolute.status).toBe(200);
    expect((await get(plain, `127.0.0.1:${port}`, '/%E0%A4%A')).status).toBe(400);
  });
});

describe('the web UI from the headless host', () => {
  it('carries the desktop window’s Content-Security-Policy: nothing from a third party', async () => {
    const page = await fetch(`${plain.url}/`);
    const csp = page.headers.get('content-security-policy');
    expect(csp).toBe(contentSecurityPolicy());
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).not.toMatch(/https?:|\*/);
  });
});

describe('hostAllowed and allowedHostsFrom', () => {
  it('parses Host values strictly', () => {
    expect(hostName('Example.COM:8080')).toBe('example.com');
    expect(hostName('[::1]:1')).toBe('[::1]');
    expect(hostName(undefined)).toBeNull();
    expect(hostName('a b')).toBeNull();
    expect(hostAllowed('192.168.1.20:8787')).toBe(true); // IP literals cannot be rebound
    expect(hostAllowed('app.localhost')).toBe(true);
    expect(hostAllowed('anything.example', ['*'])).toBe(true);
  });

  it('reads --allowed-hosts, else $ANSWERSCOPE_ALLOWED_HOSTS', () => {
    expect(allowedHostsFrom({ 'allowed-hosts': 'a.lan, b.lan' }, {})).toEqual(['a.lan', 'b.lan']);
    expect(allowedHostsFrom({}, { ANSWERSCOPE_ALLOWED_HOSTS: 'c.lan' })).toEqual(['c.lan']);
    expect(allowedHostsFrom({}, {})).toEqual([]);
  });
});
