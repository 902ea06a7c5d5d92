import { describe, it, expect } from 'vitest';
import { ApiError, createClient } from '../../../src-renderer/src/api/client';
import type { Transport, WireRequest, WireResponse } from '../../../src-renderer/src/api/transport';

/** A transport that records requests and answers from a script. */
function fakeTransport(answer: (req: WireRequest) => Partial<WireResponse> | Error) {
  const sent: WireRequest[] = [];
  const transport: Transport = {
    kind: 'http',
    async request(req) {
      sent.push(req);
      const out = answer(req);
      if (out instanceof Error) throw out;
      return { status: 200, headers: {}, body: '', ...out };
    },
  };
  return { transport, sent };
}

const json = (status: number, body: unknown): Partial<WireResponse> => ({
  status,
  body: JSON.stringify(body),
});

describe('the typed client', () => {
  it('fills path placeholders and sends bracket queries', async () => {
    const { transport, sent } = fakeTransport(() => json(200, { data: [] }));
    const api = createClient(() => transport);
    await api.request('GET /api/projects/{project}/reports', {
      params: { project: 7 },
      query: { per_page: 5, status: 'done' },
    });
    await api.request('GET /api/projects/{project}/prompts', { params: { project: 3 } });
    expect(sent[0]).toEqual({
      method: 'GET',
      path: '/api/projects/7/reports?per_page=5&status=done',
      body: undefined,
    });
    expect(sent[1].path).toBe('/api/projects/3/prompts');
  });

  it('encodes array filters in the bracket form and leaves out empty values', async () => {
    const { transport, sent } = fakeTransport(() => json(200, {}));
    const api = createClient(() => transport);
    // A route whose query holds arrays: the client passes the query through buildQuery as is.
    await (api.request as any)('GET /api/projects/{project}/summary', {
      params: { project: 1 },
      query: { dates: ['2026-01-01', '2026-01-31'], neurals: [1, 2], groups: [], prompt: undefined },
    });
    expect(sent[0].path).toBe(
      '/api/projects/1/summary?dates[]=2026-01-01&dates[]=2026-01-31&neurals[]=1&neurals[]=2',
    );
  });

  it('sends the body as JSON and returns the parsed answer', async () => {
    const { transport, sent } = fakeTransport(() => json(202, { draft_id: 'abc', status: 'processing' }));
    const api = createClient(() => transport);
    const answer = await api.request('POST /api/project-drafts', {
      body: { brand: 'Acme', activities: 'tools', neurals: ['demo'] },
    });
    expect(answer).toEqual({ draft_id: 'abc', status: 'processing' });
    expect(sent[0].method).toBe('POST');
    expect(JSON.parse(sent[0].body!)).toEqual({ brand: 'Acme', activities: 'tools', neurals: ['demo'] });
  });

  it('keeps the status with send (201 vs 200)', async () => {
    const { transport } = fakeTransport(() => json(201, { message: 'ok', data: {} }));
    const api = createClient(() => transport);
    const raw = await api.send('POST /api/projects/{project}/prompts', {
      params: { project: 1 },
      body: { prompts: ['a'] },
    });
    expect(raw.status).toBe(201);
  });

  it('escapes path parameters', async () => {
    const { transport, sent } = fakeTransport(() => json(200, {}));
    const api = createClient(() => transport);
    await api.request('GET /api/project-drafts/{draft}', { params: { draft: 'a/b c' } });
    expect(sent[0].path).toBe('/api/project-drafts/a%2Fb%20c');
  });

  it('throws ApiError with the validation body on 422', async () => {
    const body = { message: 'The given data was invalid.', errors: { 'options.period_main': ['Required.'] } };
    const { transport } = fakeTransport(() => json(422, body));
    const api = createClient(() => transport);
    const error = await api
      .request('GET /api/projects/{project}', { params: { project: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, body, message: 'The given data was invalid.' });
    expect((error as ApiError).fieldErrors()).toEqual({ 'options.period_main': 'Required.' });
  });

  it('maps a draft error envelope to its code and message', async () => {
    const body = { error: { code: 'DRAFT_ALREADY_USED', message: 'Used.', project_id: 4 } };
    const { transport } = fakeTransport(() => json(409, body));
    const api = createClient(() => transport);
    const error = (await api
      .request('POST /api/project-drafts/{draft}/project', { params: { draft: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.code).toBe('DRAFT_ALREADY_USED');
    expect(error.message).toBe('Used.');
    expect(error.body.error?.project_id).toBe(4);
  });

  it('reports a transport failure as status 0', async () => {
    const { transport } = fakeTransport(() => new Error('connection refused'));
    const api = createClient(() => transport);
    const error = (await api.request('GET /api/projects').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe('connection refused');
  });

  it('gives a readable message when an error body is not JSON', async () => {
    const { transport } = fakeTransport(() => ({ status: 502, body: 'Bad gateway' }));
    const api = createClient(() => transport);
    const error = (await api.request('GET /api/projects').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, message: 'Bad gateway' });
  });
});
