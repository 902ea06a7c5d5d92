import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../helpers/test-engine';
import { startHttpHost, type HttpHost } from '../../src-main/server/http-host';
import { createBridge, type Bridge } from '../../src-main/electron/bridge-core';
import type { WireRequest, WireResponse } from '../../src-shared/ipc';

/**
 * The renderer's promise: one request function, the same answer whether the desktop bridge
 * hands it to the local engine or the headless server answers it over HTTP.
 */
let t: TestEngine;
let host: HttpHost;
let bridge: Bridge;

beforeAll(async () => {
  t = await createTestEngine();
  host = await startHttpHost(t.engine);
  bridge = createBridge({ engine: t.engine, getRemote: () => null });
});
afterAll(async () => {
  await host.close();
  await t.close();
});

async function overHttp(req: WireRequest): Promise<WireResponse> {
  const response = await fetch(`${host.url}${req.path}`, {
    method: req.method,
    headers: { ...req.headers, authorization: `Bearer ${t.ownerToken}` },
    body: req.body,
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  return { status: response.status, headers, body: await response.text() };
}

const cases: Array<[string, WireRequest, number]> = [
  ['the catalogue', { method: 'GET', path: '/api/neurals' }, 200],
  ['a project that does not exist', { method: 'GET', path: '/api/projects/999' }, 404],
  [
    'an invalid new network',
    {
      method: 'POST',
      path: '/api/app/neurals',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: 42 }),
    },
    422,
  ],
  [
    'an invalid balance',
    { method: 'PATCH', path: '/api/app/account', body: JSON.stringify({ limits_balance: -1 }) },
    422,
  ],
  ['an unknown API path', { method: 'GET', path: '/api/nothing-here?x=1' }, 404],
];

describe('the bridge answers like the HTTP server', () => {
  it.each(cases)('%s', async (_label, req, status) => {
    const viaHttp = await overHttp(req);
    const viaBridge = await bridge.handleWire(req);
    expect(viaHttp.status).toBe(status);
    expect(viaBridge.status).toBe(status);
    expect(JSON.parse(viaBridge.body)).toEqual(JSON.parse(viaHttp.body));
    expect(viaBridge.headers['content-type']).toBe(viaHttp.headers['content-type']);
  });

  it('shows a 422 with errors by field, as the spec shapes it', async () => {
    const res = await bridge.handleWire(cases[2][1]);
    expect(JSON.parse(res.body)).toEqual({ message: expect.any(String), errors: expect.any(Object) });
  });
});
