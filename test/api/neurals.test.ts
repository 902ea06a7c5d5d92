import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { legacyApiClient, createTestEngine, type TestEngine } from '../helpers/test-engine';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

describe('authentication', () => {
  it('answers 401 {message} without a token or with a wrong one', async () => {
    for (const token of [null, 'as_wrong']) {
      const res = await legacyApiClient(t.engine, token).get('/api/neurals');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 404 {message} for an unknown API path', async () => {
    const res = await t.legacyApi.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/neurals', () => {
  it('lists the catalogue with id, system_name, display_name and model_url, including demo', async () => {
    const res = await t.legacyApi.get('/api/neurals');
    expect(res.status).toBe(200);
    for (const n of res.body.data) {
      expect(Object.keys(n).sort()).toEqual(['display_name', 'id', 'model_url', 'system_name']);
      expect(typeof n.id).toBe('number');
      expect(typeof n.model_url).toBe('string');
    }
    const names = res.body.data.map((n: any) => n.system_name);
    expect(names).toEqual(
      expect.arrayContaining(['chatgpt', 'claude', 'gemini', 'perplexity', 'deepseek', 'demo']),
    );
    expect(res.body.data.find((n: any) => n.system_name === 'demo').display_name).toBe(
      'Demo (offline, synthetic)',
    );
  });
});

describe('/api/app/neurals', () => {
  it('creates a network whose key is write-only', async () => {
    const created = await t.legacyApi.post('/api/app/neurals', {
      system_name: 'lmstudio',
      display_name: 'LM Studio',
      provider: 'openai-compatible',
      model: 'qwen2.5',
      base_url: 'http://127.0.0.1:1234/v1',
      api_key: 'secret-key',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      system_name: 'lmstudio',
      api_key_set: true,
      is_builtin: false,
    });
    expect(JSON.stringify(created.body)).not.toContain('secret-key');

    const cleared = await t.legacyApi.patch(`/api/app/neurals/${created.body.data.id}`, { api_key: null });
    expect(cleared.body.data.api_key_set).toBe(false);

    const deleted = await t.legacyApi.delete(`/api/app/neurals/${created.body.data.id}`);
    expect(deleted.status).toBe(200);
    const list = await t.legacyApi.get('/api/neurals');
    expect(list.body.data.map((n: any) => n.system_name)).not.toContain('lmstudio');
  });

  it('rejects an unknown provider and a taken system name with field errors', async () => {
    const bad = await t.legacyApi.post('/api/app/neurals', {
      system_name: 'x',
      display_name: 'X',
      provider: 'nope',
      model: 'm',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('provider');
    const taken = await t.legacyApi.post('/api/app/neurals', {
      system_name: 'demo',
      display_name: 'X',
      provider: 'demo',
      model: 'm',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toHaveProperty('system_name');
  });
});

describe('/api/app/account', () => {
  it('starts the local owner with 10,000 limits and lets the balance be set', async () => {
    const res = await t.legacyApi.get('/api/app/account');
    expect(res.body).toEqual({
      data: { id: 1, name: expect.any(String), limits_balance: 10000, is_admin: true },
    });
    const set = await t.legacyApi.patch('/api/app/account', { limits_balance: 50 });
    expect(set.body.data.limits_balance).toBe(50);
    const bad = await t.legacyApi.patch('/api/app/account', { limits_balance: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('limits_balance');
  });
});
