import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { typedApiClient, createTestEngine, type TestEngine } from '../helpers/test-engine';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

describe('authentication', () => {
  it('answers 401 {message} without a token or with a wrong one', async () => {
    for (const token of [null, 'as_wrong']) {
      const res = await typedApiClient(t.engine, token).error('GET /api/neurals');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 404 {message} for an unknown API path', async () => {
    // A path outside the route table: only the untyped client can ask for it.
    const res = await t.rawApi.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/neurals', () => {
  it('lists the catalogue with id, system_name, display_name and model_url, including demo', async () => {
    const res = await t.api.send('GET /api/neurals');
    expect(res.status).toBe(200);
    for (const n of res.body.data) {
      expect(Object.keys(n).sort()).toEqual(['display_name', 'id', 'model_url', 'system_name']);
      expect(typeof n.id).toBe('number');
      expect(typeof n.model_url).toBe('string');
    }
    const names = res.body.data.map((n) => n.system_name);
    expect(names).toEqual(
      expect.arrayContaining(['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek', 'demo']),
    );
    expect(res.body.data.find((n) => n.system_name === 'demo')!.display_name).toBe(
      'Demo (offline, synthetic)',
    );
  });
});

describe('/api/app/neurals', () => {
  it('creates a network whose key is write-only', async () => {
    const created = await t.api.send('POST /api/app/neurals', {
      body: {
        system_name: 'lmstudio',
        display_name: 'LM Studio',
        provider: 'openai-compatible',
        model: 'qwen2.5',
        base_url: 'http://127.0.0.1:1234/v1',
        api_key: 'secret-key',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      system_name: 'lmstudio',
      api_key_set: true,
      is_builtin: false,
    });
    expect(JSON.stringify(created.body)).not.toContain('secret-key');

    const neural = { params: { id: created.body.data.id } };
    const cleared = await t.api.send('PATCH /api/app/neurals/{id}', { ...neural, body: { api_key: null } });
    expect(cleared.body.data.api_key_set).toBe(false);

    const deleted = await t.api.send('DELETE /api/app/neurals/{id}', neural);
    expect(deleted.status).toBe(200);
    const list = await t.api.send('GET /api/neurals');
    expect(list.body.data.map((n) => n.system_name)).not.toContain('lmstudio');
  });

  it('rejects an unknown provider and a taken system name with field errors', async () => {
    const bad = await t.api.error('POST /api/app/neurals', {
      body: { system_name: 'x', display_name: 'X', provider: 'nope', model: 'm' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('provider');
    const taken = await t.api.error('POST /api/app/neurals', {
      body: { system_name: 'demo', display_name: 'X', provider: 'demo', model: 'm' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toHaveProperty('system_name');
  });
});

describe('/api/app/account', () => {
  it('starts the local owner with 10,000 limits and lets the balance be set', async () => {
    const res = await t.api.send('GET /api/app/account');
    expect(res.body).toEqual({
      data: { id: 1, name: expect.any(String), limits_balance: 10000, is_admin: true },
    });
    const set = await t.api.send('PATCH /api/app/account', { body: { limits_balance: 50 } });
    expect(set.body.data.limits_balance).toBe(50);
    const bad = await t.api.error('PATCH /api/app/account', { body: { limits_balance: -1 } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('limits_balance');
  });
});
