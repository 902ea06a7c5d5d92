import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { jsonStream } from '../../src-main/engine/http/json-stream';
import { jsonByteTexts, jsonBytes, jsonObject, jsonTexts } from '../../src-main/engine/json-pieces';
import { startHttpHost } from '../../src-main/server/http-host';
import { loadProject } from '../../src-main/engine/access/project-access';
import { getUser } from '../../src-main/engine/account/users';
import * as answers from '../../src-main/engine/analytics/answers';
import * as sources from '../../src-main/engine/analytics/sources';
import { createTestEngine, type TestEngine } from '../helpers/test-engine';
import { ans, seedProject, seedUpdate, type SeededProject } from '../helpers/seed-analytics';

/**
 * Large analytics bodies are streamed (json-stream.ts) instead of `c.json`: the bytes a client
 * gets must be exactly `JSON.stringify(body)`, through engine.handle and through the headless host.
 */

async function streamed(value: unknown): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Uint8Array[] = [];
  const reader = jsonStream(value).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

describe('jsonStream', () => {
  it('gives the bytes of JSON.stringify for every kind of value', async () => {
    const values: unknown[] = [
      null,
      0,
      -0,
      1.5e300,
      NaN,
      Infinity,
      'plain',
      '',
      true,
      [],
      {},
      [undefined, () => 1, Symbol('s'), null, NaN],
      { a: undefined, b: () => 1, c: Symbol('s'), d: null, e: [] },
      { 'ключ "quoted"\n': 'значение', emoji: '🚀 “quotes” \u2028 \u0000', lone: '\ud800 x \udfff' },
      { date: new Date('2026-11-08T12:00:00.000Z'), dates: [new Date(0)], map: new Map([[1, 2]]) },
      { custom: { toJSON: (key: string) => `key:${key}` }, gone: { toJSON: () => undefined } },
      Object.assign(Object.create(null) as object, { z: 1, a: [{ b: { c: [1, [2, {}]] } }] }),
      { 2: 'numeric keys first', b: 1, 1: 'in ascending order', a: { y: [1, 2], x: {} } },
    ];
    for (const value of values) {
      expect((await streamed(value)).bytes.toString('utf8')).toBe(JSON.stringify(value));
    }
  });

  it('splits a large array into chunks of about 64 KB without breaking characters', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      value: `запрос ${i} 🚀 ${'x'.repeat(i % 50)}`,
      cells: { [`2026-11-${String((i % 28) + 1).padStart(2, '0')}`]: i % 3 ? null : { position: i } },
    }));
    const body = { project: { id: 1 }, tableData: { dates: ['2026-11-01'], data: rows }, chartData: [] };
    const { bytes, chunks } = await streamed(body);
    expect(bytes.equals(Buffer.from(JSON.stringify(body), 'utf8'))).toBe(true);
    expect(chunks).toBeGreaterThan(5);
    expect(chunks).toBeLessThan(bytes.length / (32 * 1024));
  });
});

describe('JsonPieces', () => {
  it('writes a part from its own pieces, and JSON.stringify gives the same text', async () => {
    type Row = {
      prompt: { id: number; value: string };
      positions_by_date: Record<string, unknown>;
      none: Record<string, unknown>;
      gone?: number;
      sites: Record<string, unknown>;
      no_sites: Record<string, unknown>;
    };
    const cells = [
      ['2026-11-01', JSON.stringify({ 2: { b: [] }, 1: { a: 1 } })],
      ['2026-11-08', null],
      ['2026-11-15', '{}'],
    ] as const;
    const row = jsonObject<Row>({
      prompt: { id: 1, value: 'запрос "1" 🚀' },
      positions_by_date: jsonTexts((add) => cells.forEach(([key, text]) => add(key, text))),
      none: jsonTexts(() => {}),
      gone: undefined,
      // Keys and texts as bytes, one of them written twice (as sources-history shares its cells).
      sites: jsonByteTexts((add) => {
        const cell = jsonBytes({ 4: { mentioned: true, position: null }, site: 'сайт 🚀' });
        add(jsonBytes('2026-11-01'), cell);
        add(jsonBytes('2026-11-08'), cell);
      }),
      no_sites: jsonByteTexts(() => {}),
    });
    const cell = '{"4":{"mentioned":true,"position":null},"site":"сайт 🚀"}';
    const text =
      '{"prompt":{"id":1,"value":"запрос \\"1\\" 🚀"},' +
      '"positions_by_date":{"2026-11-01":{"1":{"a":1},"2":{"b":[]}},"2026-11-15":{}},"none":{},' +
      `"sites":{"2026-11-01":${cell},"2026-11-08":${cell}},"no_sites":{}}`;
    const body = { data: [row, row], one: row, empty: jsonObject<object>({}) };
    const expected = `{"data":[${text},${text}],"one":${text},"empty":{}}`;
    expect((await streamed(body)).bytes.toString('utf8')).toBe(expected);
    expect(JSON.stringify(body)).toBe(expected);
  });
});

describe('streamed analytics routes', () => {
  let t: TestEngine;
  let project: SeededProject;

  beforeEach(async () => {
    t = await createTestEngine();
    project = await seedProject(t.engine.ctx, {
      brand: 'Акме',
      neurals: ['chatgpt', 'perplexity'],
      groups: ['Группа 1', 'G2'],
      prompts: Array.from({ length: 150 }, (_, i) => ({
        value: `лучшие CRM «${i}» 🚀 "quoted" \\ ${i % 7 === 0 ? '\u2028' : ''}`,
        frequency: i % 5 === 0 ? null : i * 10,
        groups: [i % 2 ? 'Группа 1' : 'G2'],
      })),
    });
    const { chatgpt, perplexity } = project.neural;
    for (const [u, date] of ['2026-10-25', '2026-11-01', '2026-11-08'].entries()) {
      await seedUpdate(
        t.engine.ctx,
        project,
        date,
        project.prompts.flatMap((p, i) => [
          ans(p, chatgpt, {
            brandAt: (i + u) % 3 === 0 ? null : ((i + u) % 4) + 1,
            tone: (i + u) % 2 ? 'positive' : 'negative',
            competitors: ['Глобекс', 'Initech'],
            urls: (i + u) % 2 ? ['https://acme.com/страница', 'https://ru.wikipedia.org/wiki/CRM'] : [],
            text: `Ответ ${i}: Акме — 👍`,
          }),
          ans(
            p,
            perplexity,
            (i + u) % 5 === 0 ? { hasData: false } : { brandAt: 1, urls: ['https://acme.com/'] },
          ),
        ]),
      );
    }
  });

  afterEach(async () => {
    await t.close();
  });

  async function reference<T>(build: (row: Awaited<ReturnType<typeof loadProject>>) => Promise<T>) {
    const user = await getUser(t.engine.ctx, t.engine.localOwnerId);
    const row = await loadProject(t.engine.ctx, user, project.id);
    return Buffer.from(JSON.stringify(await build(row)), 'utf8');
  }

  async function served(path: string) {
    const response = await t.engine.handle(
      new Request(`http://engine.test${path}`, { headers: { authorization: `Bearer ${t.ownerToken}` } }),
    );
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('answer sources-history, history and the deprecated /answers byte for byte', async () => {
    const base = `/api/projects/${project.id}`;
    const cases = [
      {
        path: `${base}/answers/sources-history`,
        build: (row: never) => answers.buildSourcesHistory(t.engine.ctx, row, {}),
      },
      {
        path: `${base}/answers/history?per_page=100`,
        build: (row: never) => answers.buildAnswersHistory(t.engine.ctx, row, { per_page: '100' }),
      },
      {
        path: `${base}/answers?per_page=100`,
        build: (row: never) =>
          answers.buildAnswersLegacy(t.engine.ctx, row, { per_page: '100' }, { showRelevantQuery: true }),
      },
      { path: `${base}/sources`, build: (row: never) => sources.buildSourcesLegacy(t.engine.ctx, row, {}) },
    ];
    for (const { path, build } of cases) {
      const { response, bytes } = await served(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('application/json');
      expect(response.headers.get('content-length'), path).toBeNull();
      expect(bytes.equals(await reference(build as never)), path).toBe(true);
    }
    const legacy = await served(`${base}/answers`);
    expect(legacy.response.headers.get('deprecation')).toBe('true');
    expect(legacy.response.headers.get('link')).toContain('rel="successor-version"');
  });

  it('the headless host sends the stream chunked, with the status and headers of the engine', async () => {
    const host = await startHttpHost(t.engine);
    try {
      const get = (path: string) =>
        new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>(
          (resolve, reject) => {
            const req = httpRequest(`${host.url}${path}`, {
              headers: { authorization: `Bearer ${t.ownerToken}` },
            });
            req.on('response', (res) => {
              const parts: Buffer[] = [];
              res.on('data', (part: Buffer) => parts.push(part));
              res.on('end', () =>
                resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(parts) }),
              );
              res.on('error', reject);
            });
            req.on('error', reject);
            req.end();
          },
        );
      const history = await get(`/api/projects/${project.id}/answers/sources-history`);
      expect(history.status).toBe(200);
      expect(history.headers['content-type']).toBe('application/json');
      expect(history.headers['transfer-encoding']).toBe('chunked');
      expect(history.headers['content-length']).toBeUndefined();
      expect(
        history.bytes.equals(await reference((row) => answers.buildSourcesHistory(t.engine.ctx, row, {}))),
      ).toBe(true);
      expect(history.bytes.length).toBeGreaterThan(64 * 1024);

      const missing = await get(`/api/projects/${project.id + 1000}/answers/sources-history`);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.bytes.toString('utf8'))).toEqual({ message: expect.any(String) });
    } finally {
      await host.close();
    }
  });
});
