import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { typedApiClient, createTestEngine, type TestEngine } from '../helpers/test-engine';
import { fetchIcon, isPublicAddress, type FetchedIcon } from '../../src-main/engine/favicons/favicon-fetch';
import { settleFavicons } from '../../src-main/engine/favicons/favicons.service';

/**
 * Site icons come from the engine: fetched once (bounded, public addresses only) and cached in
 * the data folder, else a letter badge; switchable off in the app settings.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('fetchIcon: one bounded request', () => {
  let server: Server;
  let base: string;
  const loopbackOnly = { allowAddress: (ip: string) => ip === '127.0.0.1', timeoutMs: 1500 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const to = (location: string) => res.writeHead(302, { location }).end();
      if (req.url === '/png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else if (req.url === '/html') res.writeHead(200, { 'content-type': 'image/x-icon' }).end('<html>');
      else if (req.url === '/svg') res.writeHead(200).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      else if (req.url === '/big') {
        res.writeHead(200);
        res.write(PNG);
        res.end(Buffer.alloc(200_000));
      } else if (req.url === '/hang') res.writeHead(200).write(PNG.subarray(0, 4));
      else if (req.url === '/to-png') to('/png');
      else if (req.url === '/to-private') to('http://10.20.30.40/favicon.ico');
      else if (req.url === '/to-ipv6-loopback')
        to(`http://[::1]:${(server.address() as AddressInfo).port}/png`);
      else if (req.url === '/to-file') to('file:///etc/passwd');
      else if (req.url === '/loop') to('/loop');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('keeps a raster image, following a redirect on the same allowed host', async () => {
    const icon = await fetchIcon(`${base}/to-png`, loopbackOnly);
    expect(icon).toEqual({ ok: true, type: 'image/png', bytes: PNG });
  });

  it('keeps nothing that is not a raster image (by its bytes), nor a 404', async () => {
    expect(await fetchIcon(`${base}/html`, loopbackOnly)).toMatchObject({ ok: false, permanent: true });
    expect(await fetchIcon(`${base}/svg`, loopbackOnly)).toMatchObject({ ok: false, permanent: true });
    expect(await fetchIcon(`${base}/nothing`, loopbackOnly)).toMatchObject({ ok: false, reason: 'HTTP 404' });
  });

  it('caps the size and the time', async () => {
    expect(await fetchIcon(`${base}/big`, { ...loopbackOnly, maxBytes: 100_000 })).toMatchObject({
      ok: false,
      reason: 'larger than 100000 bytes',
    });
    const started = Date.now();
    expect(await fetchIcon(`${base}/hang`, { ...loopbackOnly, timeoutMs: 300 })).toMatchObject({
      ok: false,
      reason: 'no answer within 300 ms',
      permanent: false,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses redirects to private addresses or other schemes, and endless redirects', async () => {
    expect(await fetchIcon(`${base}/to-private`, loopbackOnly)).toMatchObject({
      ok: false,
      reason: '10.20.30.40 is not a public address',
    });
    expect(await fetchIcon(`${base}/to-ipv6-loopback`, loopbackOnly)).toMatchObject({
      ok: false,
      reason: '::1 is not a public address',
    });
    expect(await fetchIcon(`${base}/to-file`, loopbackOnly)).toMatchObject({ ok: false, permanent: true });
    expect(await fetchIcon(`${base}/loop`, loopbackOnly)).toMatchObject({ reason: 'too many redirects' });
  });

  it('by default contacts public addresses only, names checked when they resolve', async () => {
    expect(await fetchIcon(`${base}/png`)).toMatchObject({
      ok: false,
      reason: '127.0.0.1 is not a public address',
    });
    const port = new URL(base).port;
    expect(await fetchIcon(`http://localhost:${port}/png`)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^localhost resolves to .+, not a public address$/),
      permanent: true,
    });
    for (const ip of ['8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '127.0.0.2',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });
});

describe('GET /api/app/favicons/{domain}', () => {
  let t: TestEngine;
  let fetched: string[];
  let answer: FetchedIcon;

  beforeEach(async () => {
    fetched = [];
    answer = { ok: true, type: 'image/png', bytes: PNG };
    t = await createTestEngine({
      ports: {
        fetchIcon: async (url) => {
          fetched.push(url);
          return answer;
        },
      },
    });
  });
  afterEach(() => t.close());

  const ICON = 'GET /api/app/favicons/{domain}';
  const json = (domain: string) => t.api.send(ICON, { params: { domain }, query: { format: 'json' } });
  // The link form answers the image itself, not JSON: the raw client reads its headers.
  const image = (domain: string) => t.rawApi.get(`/api/app/favicons/${domain}`);
  const storedIcon = (domain: string) =>
    t.engine.ctx.db.selectFrom('favicons').selectAll().where('domain', '=', domain).executeTakeFirst();

  it('answers a letter badge at once, fetches the icon once in the background, then serves it from the database', async () => {
    const first = await json('example.com');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      domain: 'example.com',
      source: 'badge',
      pending: true,
      data_url: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    expect(Buffer.from(first.body.data.data_url.split(',')[1], 'base64').toString()).toContain('>E</text>');
    await settleFavicons(t.engine.ctx);
    expect(fetched).toEqual(['https://example.com/favicon.ico']);
    // Kept in the database (every app server of a team server reads it), not in the data folder.
    expect(await storedIcon('example.com')).toMatchObject({ icon: PNG, miss_reason: null });
    expect(existsSync(join(t.dataDir, 'favicons'))).toBe(false);

    const second = await json('www.example.com');
    expect(second.body.data).toEqual({
      domain: 'example.com',
      source: 'site',
      pending: false,
      data_url: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    // The link form (the `favicon` field of the analytics endpoints) is the image itself.
    const icon = await image('example.com');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(fetched).toHaveLength(1);
  });

  it('remembers a site without an icon for days and a network failure for minutes: no refetch on each view', async () => {
    answer = { ok: false, reason: 'HTTP 404', permanent: true };
    await json('no-icon.example');
    answer = { ok: false, reason: 'getaddrinfo ENOTFOUND', permanent: false };
    await json('offline.example');
    await settleFavicons(t.engine.ctx);
    expect(await storedIcon('no-icon.example')).toMatchObject({ icon: null, miss_reason: 'HTTP 404' });
    expect(await storedIcon('offline.example')).toBeUndefined();
    for (const domain of ['no-icon.example', 'offline.example']) {
      const again = await json(domain);
      expect(again.body.data).toMatchObject({ source: 'badge', pending: false });
    }
    expect(fetched).toHaveLength(2);
    const badge = await image('offline.example');
    expect(badge.headers.get('content-type')).toBe('image/svg+xml');
    expect(badge.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('serves an icon an earlier version cached as a file, offline, and moves it into the database', async () => {
    mkdirSync(join(t.dataDir, 'favicons'), { recursive: true });
    writeFileSync(join(t.dataDir, 'favicons', 'old.example.icon'), PNG);
    await t.api.send('PATCH /api/app/settings', { body: { fetch_favicons: false } });
    expect((await json('old.example')).body.data).toMatchObject({ source: 'site', pending: false });
    expect(await storedIcon('old.example')).toMatchObject({ icon: PNG });
    expect(fetched).toEqual([]);
  });

  it('fetches nothing when the app setting fetch_favicons is off', async () => {
    await t.api.send('PATCH /api/app/settings', { body: { fetch_favicons: false } });
    expect((await json('example.org')).body.data).toMatchObject({ source: 'badge', pending: false });
    await settleFavicons(t.engine.ctx);
    expect(fetched).toEqual([]);
  });

  it('needs a token and a domain name', async () => {
    const anonymous = typedApiClient(t.engine, null);
    expect((await anonymous.error(ICON, { params: { domain: 'example.com' } })).status).toBe(401);
    for (const bad of ['exa mple.com', '..', '-x-.com', 'a_b..c'])
      expect(
        (await t.api.error(ICON, { params: { domain: bad }, query: { format: 'json' } })).status,
        bad,
      ).toBe(404);
    expect(fetched).toEqual([]);
  });
});
