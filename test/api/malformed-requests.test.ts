import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestEngine, type TestEngine } from '../helpers/test-engine';
import { startHttpHost, type HttpHost } from '../../src-main/server/http-host';
import { makeProject } from './foundation-fixtures';

/**
 * What a careless client or a prober sends: odd methods, broken Host values (let through by
 * `--allowed-hosts *`, as behind a proxy), undecodable paths. Each gets 4xx `{message}`, never
 * 500; and links the API hands out point at the server, whatever Host the request carried.
 */
let t: TestEngine;
let anyHost: HttpHost;
let projectId: number;

beforeAll(async () => {
  t = await createTestEngine();
  const webRoot = join(t.dataDir, 'web');
  mkdirSync(webRoot);
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>UI</title>');
  anyHost = await startHttpHost(t.engine, { webRoot, allowedHosts: ['*'] });
  projectId = await makeProject(t);
});
afterAll(async () => {
  await anyHost.close();
  await t.close();
});

function raw(lines: string[]): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(anyHost.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
    // write, not end: Node's server drops a request whose client half-closes before the answer is
    // ready (on PostgreSQL the answer comes later than on SQLite); `Connection: close` ends it.
    socket.write([...lines, 'Connection: close', '', ''].join('\r\n'));
  });
}

const request = (method: string, path: string, host: string, auth = true) =>
  raw([
    `${method} ${path} HTTP/1.1`,
    `Host: ${host}`,
    ...(auth ? [`Authorization: Bearer ${t.ownerToken}`] : []),
  ]);

const hostOf = () => new URL(anyHost.url).host;

describe('malformed requests', () => {
  it('answers TRACE and CONNECT with 405 {message} and an Allow header', async () => {
    for (const method of ['TRACE', 'CONNECT']) {
      const res = await request(method, method === 'CONNECT' ? hostOf() : '/api/projects', hostOf());
      expect(res.status, method).toBe(405);
      expect(JSON.parse(res.body), method).toEqual({ message: expect.any(String) });
      expect(res.headers.toLowerCase(), method).toContain('allow: get, head, post');
    }
  });

  it('answers a broken Host with 400 {message} even when every Host name is allowed', async () => {
    for (const host of ['x:99999', 'a b', '[::1', '%', 'evil.example/x']) {
      const res = await request('GET', '/api/projects', host);
      expect(res.status, host).toBe(400);
      expect(JSON.parse(res.body), host).toEqual({ message: expect.any(String) });
    }
    expect((await request('GET', '/api/projects', 'any-name.example')).status).toBe(200);
  });

  it('answers undecodable paths with 400 {message}, signed in or not', async () => {
    for (const [path, auth] of [
      ['/%', false],
      ['/%', true],
      ['/api/projects/%E0%A4%A', false],
      ['/api/projects/%E0%A4%A', true],
      ['/api/%', false],
    ] as const) {
      const res = await request('GET', path, hostOf(), auth);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toEqual({ message: expect.any(String) });
    }
  });
});

describe('links in responses', () => {
  it('come from the server address, never from the Host header', async () => {
    const base = anyHost.url;
    const sources = await request(
      'GET',
      `/api/projects/${projectId}/sources/list?per_page=5`,
      'evil.example',
    );
    expect(sources.status).toBe(200);
    const body = decodeChunked(sources);
    expect(body).not.toContain('evil.example');
    const links = JSON.parse(body).pagination as Array<{ url: string | null }>;
    const urls = links.map((l) => l.url).filter(Boolean) as string[];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls)
      expect(url.startsWith(`${base}/api/projects/${projectId}/sources/list?`)).toBe(true);

    const reports = await request('GET', `/api/projects/${projectId}/reports`, 'evil.example');
    expect(decodeChunked(reports)).not.toContain('evil.example');
    expect(JSON.parse(decodeChunked(reports)).links.first.startsWith(base)).toBe(true);
  });
});

/** The body of a response that may be chunked (streamed bodies are). */
function decodeChunked(res: { headers: string; body: string }): string {
  if (!/transfer-encoding: chunked/i.test(res.headers)) return res.body;
  let out = '';
  let rest = res.body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}
