import { describe, it, expect } from 'vitest';
import {
  createHttpTransport,
  memoryStorage,
  takeTokenFromHash,
  TOKEN_STORAGE_KEY,
} from '../../../src-renderer/src/api/http-transport';
import { chooseTransport } from '../../../src-renderer/src/api/install';
import type { WireRequest } from '../../../src-shared/ipc';

function fakeFetch(status: number, body = '{}') {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const get: WireRequest = { method: 'GET', path: '/api/projects' };

describe('the HTTP transport', () => {
  it('sends the stored token as a bearer token to the same origin', async () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'secret-1');
    const { fetch, calls } = fakeFetch(200, '{"data":[]}');
    const transport = createHttpTransport({ storage, fetch });
    const response = await transport.request(get);
    expect(calls[0].url).toBe('/api/projects');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer secret-1');
    expect(response).toMatchObject({ status: 200, body: '{"data":[]}' });
  });

  it('sets the JSON content type only when there is a body', async () => {
    const storage = memoryStorage();
    const { fetch, calls } = fakeFetch(200);
    const transport = createHttpTransport({ storage, fetch, baseUrl: 'http://127.0.0.1:9/' });
    await transport.request({ method: 'POST', path: '/api/projects/1/parse', body: '{}' });
    await transport.request(get);
    expect(calls[0].url).toBe('http://127.0.0.1:9/api/projects/1/parse');
    expect((calls[0].init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((calls[1].init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect((calls[1].init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('drops a rejected token and asks for sign-in on 401', async () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'revoked');
    let asked = 0;
    const { fetch } = fakeFetch(401, '{"message":"Unauthenticated."}');
    const transport = createHttpTransport({ storage, fetch, onUnauthorized: () => asked++ });
    const response = await transport.request(get);
    expect(response.status).toBe(401);
    expect(asked).toBe(1);
    expect(transport.token()).toBeNull();
  });

  it('keeps a newer token when an older request is refused', async () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'old');
    let asked = 0;
    let release: (r: Response) => void = () => undefined;
    const fetch = (() => new Promise<Response>((r) => (release = r))) as unknown as typeof globalThis.fetch;
    const transport = createHttpTransport({ storage, fetch, onUnauthorized: () => asked++ });
    const pending = transport.request(get);
    transport.setToken('new');
    release(new Response('{"message":"Unauthenticated."}', { status: 401 }));
    await pending;
    expect(transport.token()).toBe('new');
    expect(asked).toBe(0);
  });

  it('takes the token from the one-time UI address', () => {
    expect(takeTokenFromHash('#token=abc123')).toEqual({ token: 'abc123', rest: '#/' });
    expect(takeTokenFromHash('#/token=abc%2B1')).toEqual({ token: 'abc+1', rest: '#/' });
    expect(takeTokenFromHash('#/projects/1')).toBeNull();
  });
});

describe('choosing the transport at boot', () => {
  it('uses IPC when the preload bridge exists', async () => {
    const seen: WireRequest[] = [];
    const host = {
      answerscope: {
        request: async (req: WireRequest) => (seen.push(req), { status: 200, headers: {}, body: '{}' }),
      },
    };
    const transport = chooseTransport({ host });
    expect(transport.kind).toBe('ipc');
    await transport.request(get);
    expect(seen).toEqual([get]);
  });

  it('uses HTTP in a browser and stores the token of the address, cleaning the address', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    const host = {
      localStorage: storage,
      location: { hash: '#token=tok-9', pathname: '/', search: '' },
      history: { replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) },
    };
    const transport = chooseTransport({ host });
    expect(transport.kind).toBe('http');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-9');
    expect(replaced).toEqual(['/#/']);
  });

  it('keeps an earlier token when the address carries none', () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'kept');
    const host = { localStorage: storage, location: { hash: '#/projects', pathname: '/', search: '' } };
    const transport = chooseTransport({ host });
    expect(transport.kind).toBe('http');
    expect((transport as any).token()).toBe('kept');
  });
});
