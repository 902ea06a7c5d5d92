import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { legacyApiClient, createTestEngine, type OtherUser, type TestEngine } from '../helpers/test-engine';
import { createToken } from '../../src-main/engine/auth/tokens';
import { createUser } from '../../src-main/engine/account/users';

let t: TestEngine;
let other: OtherUser;
beforeEach(async () => {
  t = await createTestEngine();
  other = await t.otherUser(100);
});
afterEach(() => t.close());

const chatgptId = async () => (await t.legacyApi.get('/api/app/neurals')).body.data[0].id as number;

describe('install-level endpoints are for administrators', () => {
  it("refuses a second user's token on every one of them with 403 {message}, and changes nothing", async () => {
    const id = await chatgptId();
    const attempts: Array<[string, string, unknown]> = [
      [
        'POST',
        '/api/app/neurals',
        { system_name: 'mine', display_name: 'Mine', provider: 'openai', model: 'x' },
      ],
      ['PATCH', `/api/app/neurals/${id}`, { base_url: 'https://attacker.example/v1' }],
      ['PATCH', `/api/app/neurals/${id}`, { api_key: 'sk-mine' }],
      ['PATCH', `/api/app/neurals/${id}`, { display_name: 'Renamed' }],
      ['DELETE', `/api/app/neurals/${id}`, undefined],
      ['PATCH', '/api/app/settings', { smtp: { host: 'smtp.attacker.example' } }],
      ['PATCH', '/api/app/account', { limits_balance: 1_000_000 }],
      ['GET', '/api/app/users', undefined],
      ['POST', '/api/app/users', { name: 'Sock puppet', is_admin: true }],
      ['PATCH', `/api/app/users/${other.id}`, { limits_balance: 1_000_000 }],
      ['PATCH', `/api/app/users/${t.engine.localOwnerId}`, { disabled: true }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await other.legacyApi.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toEqual({ message: expect.any(String) });
    }
    const neural = (await t.legacyApi.get('/api/app/neurals')).body.data.find((n: any) => n.id === id);
    expect(neural).toMatchObject({ display_name: 'ChatGPT', api_key_set: false });
    expect(neural.base_url).not.toBe('https://attacker.example/v1');
    expect((await t.legacyApi.get('/api/app/settings')).body.data.smtp.host).toBeNull();
    expect((await other.legacyApi.get('/api/app/account')).body.data).toMatchObject({
      limits_balance: 100,
      is_admin: false,
    });
    expect((await t.legacyApi.get('/api/app/users')).body.data.map((u: any) => u.name)).not.toContain(
      'Sock puppet',
    );
  });

  it('still lets a second user read the catalogue and their own account', async () => {
    expect((await other.legacyApi.get('/api/neurals')).status).toBe(200);
    expect((await other.legacyApi.get('/api/app/neurals')).status).toBe(200);
    expect((await other.legacyApi.get('/api/app/account')).body.data.id).toBe(other.id);
  });

  it('lets the administrator grant limits, create users and disable them', async () => {
    expect((await t.legacyApi.get('/api/app/account')).body.data.is_admin).toBe(true);
    const granted = await t.legacyApi.patch(`/api/app/users/${other.id}`, { limits_balance: 2500 });
    expect(granted.status).toBe(200);
    expect((await other.legacyApi.get('/api/app/account')).body.data.limits_balance).toBe(2500);

    const created = await t.legacyApi.post('/api/app/users', { name: 'Second admin', is_admin: true });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Second admin', is_admin: true, disabled: false });

    const disabled = await t.legacyApi.patch(`/api/app/users/${other.id}`, { disabled: true });
    expect(disabled.body.data.disabled).toBe(true);
    expect((await other.legacyApi.get('/api/app/account')).status).toBe(401);
    await t.legacyApi.patch(`/api/app/users/${other.id}`, { disabled: false });
    expect((await other.legacyApi.get('/api/app/account')).status).toBe(200);
  });

  it('never disables the last administrator', async () => {
    const res = await t.legacyApi.patch(`/api/app/users/${t.engine.localOwnerId}`, { disabled: true });
    expect(res.status).toBe(403);
    expect((await t.legacyApi.get('/api/app/account')).status).toBe(200);
  });

  it('gives an admin created later the same rights', async () => {
    const id = await createUser(t.engine.ctx, { name: 'Ops', admin: true });
    const admin = legacyApiClient(
      t.engine,
      (await createToken(t.engine.ctx, { userId: id, name: 'ops' })).token,
    );
    const res = await admin.patch(`/api/app/neurals/${await chatgptId()}`, {
      display_name: 'ChatGPT (team)',
    });
    expect(res.status).toBe(200);
  });
});

describe('token expiry', () => {
  it('refuses a token after its expiry and records its last use before', async () => {
    const expiresAt = new Date(t.clock.now().getTime() + 60_000);
    const { token, id } = await createToken(t.engine.ctx, { userId: other.id, name: 'short', expiresAt });
    const api = legacyApiClient(t.engine, token);
    expect((await api.get('/api/app/account')).status).toBe(200);
    const row = await t.engine.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_001);
    expect((await api.get('/api/app/account')).status).toBe(401);
  });
});
