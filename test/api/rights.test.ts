import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  typedApiClient,
  createTestEngine,
  type ErrorReply,
  type OtherUser,
  type TestEngine,
} from '../helpers/test-engine';
import { createToken } from '../../src-main/engine/auth/tokens';
import { createUser } from '../../src-main/engine/account/users';

let t: TestEngine;
let other: OtherUser;
beforeEach(async () => {
  t = await createTestEngine();
  other = await t.otherUser(100);
});
afterEach(() => t.close());

const appNeurals = async () => (await t.api.request('GET /api/app/neurals')).data;
const chatgptId = async () => (await appNeurals())[0].id;
const ACCOUNT = 'GET /api/app/account';
const USER = 'PATCH /api/app/users/{id}';

describe('install-level endpoints are for administrators', () => {
  it("refuses a second user's token on every one of them with 403 {message}, and changes nothing", async () => {
    const id = await chatgptId();
    const NEURAL = 'PATCH /api/app/neurals/{id}';
    const api = other.api;
    // Each attempt named by its route, for the failure message.
    const attempts: Array<[string, () => Promise<ErrorReply>]> = [
      [
        'POST /api/app/neurals',
        () =>
          api.error('POST /api/app/neurals', {
            body: { system_name: 'mine', display_name: 'Mine', provider: 'openai', model: 'x' },
          }),
      ],
      [
        NEURAL,
        () => api.error(NEURAL, { params: { id }, body: { base_url: 'https://attacker.example/v1' } }),
      ],
      [NEURAL, () => api.error(NEURAL, { params: { id }, body: { api_key: 'sk-mine' } })],
      [NEURAL, () => api.error(NEURAL, { params: { id }, body: { display_name: 'Renamed' } })],
      ['DELETE /api/app/neurals/{id}', () => api.error('DELETE /api/app/neurals/{id}', { params: { id } })],
      [
        'PATCH /api/app/settings',
        () => api.error('PATCH /api/app/settings', { body: { smtp: { host: 'smtp.attacker.example' } } }),
      ],
      [
        'PATCH /api/app/account',
        () => api.error('PATCH /api/app/account', { body: { limits_balance: 1_000_000 } }),
      ],
      ['GET /api/app/users', () => api.error('GET /api/app/users')],
      [
        'POST /api/app/users',
        () => api.error('POST /api/app/users', { body: { name: 'Sock puppet', is_admin: true } }),
      ],
      [USER, () => api.error(USER, { params: { id: other.id }, body: { limits_balance: 1_000_000 } })],
      [USER, () => api.error(USER, { params: { id: t.engine.localOwnerId }, body: { disabled: true } })],
    ];
    for (const [route, attempt] of attempts) {
      const res = await attempt();
      expect(res.status, route).toBe(403);
      expect(res.body, route).toEqual({ message: expect.any(String) });
    }
    const neural = (await appNeurals()).find((n) => n.id === id);
    expect(neural).toMatchObject({ display_name: 'ChatGPT', api_key_set: false });
    expect(neural?.base_url).not.toBe('https://attacker.example/v1');
    expect((await t.api.request('GET /api/app/settings')).data.smtp.host).toBeNull();
    expect((await other.api.request(ACCOUNT)).data).toMatchObject({
      limits_balance: 100,
      is_admin: false,
    });
    expect((await t.api.request('GET /api/app/users')).data.map((u) => u.name)).not.toContain('Sock puppet');
  });

  it('still lets a second user read the catalogue and their own account', async () => {
    expect((await other.api.send('GET /api/neurals')).status).toBe(200);
    expect((await other.api.send('GET /api/app/neurals')).status).toBe(200);
    expect((await other.api.request(ACCOUNT)).data.id).toBe(other.id);
  });

  it('lets the administrator grant limits, create users and disable them', async () => {
    expect((await t.api.request(ACCOUNT)).data.is_admin).toBe(true);
    const granted = await t.api.send(USER, { params: { id: other.id }, body: { limits_balance: 2500 } });
    expect(granted.status).toBe(200);
    expect((await other.api.request(ACCOUNT)).data.limits_balance).toBe(2500);

    const created = await t.api.send('POST /api/app/users', {
      body: { name: 'Second admin', is_admin: true },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Second admin', is_admin: true, disabled: false });

    const disabled = await t.api.send(USER, { params: { id: other.id }, body: { disabled: true } });
    expect(disabled.body.data.disabled).toBe(true);
    expect((await other.api.error(ACCOUNT)).status).toBe(401);
    await t.api.send(USER, { params: { id: other.id }, body: { disabled: false } });
    expect((await other.api.send(ACCOUNT)).status).toBe(200);
  });

  it('never disables the last administrator', async () => {
    const res = await t.api.error(USER, { params: { id: t.engine.localOwnerId }, body: { disabled: true } });
    expect(res.status).toBe(403);
    expect((await t.api.send(ACCOUNT)).status).toBe(200);
  });

  it('gives an admin created later the same rights', async () => {
    const id = await createUser(t.engine.ctx, { name: 'Ops', admin: true });
    const admin = typedApiClient(
      t.engine,
      (await createToken(t.engine.ctx, { userId: id, name: 'ops' })).token,
    );
    const res = await admin.send('PATCH /api/app/neurals/{id}', {
      params: { id: await chatgptId() },
      body: { display_name: 'ChatGPT (team)' },
    });
    expect(res.status).toBe(200);
  });
});

describe('token expiry', () => {
  it('refuses a token after its expiry and records its last use before', async () => {
    const expiresAt = new Date(t.clock.now().getTime() + 60_000);
    const { token, id } = await createToken(t.engine.ctx, { userId: other.id, name: 'short', expiresAt });
    const api = typedApiClient(t.engine, token);
    expect((await api.send(ACCOUNT)).status).toBe(200);
    const row = await t.engine.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_001);
    expect((await api.error(ACCOUNT)).status).toBe(401);
  });

  it('records a token last use to the minute, not at every request', async () => {
    const { token, id } = await createToken(t.engine.ctx, { userId: other.id, name: 'busy' });
    const api = typedApiClient(t.engine, token);
    const lastUsed = async () =>
      (
        await t.engine.ctx.db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const first = t.clock.now().toISOString();
    expect((await api.send(ACCOUNT)).status).toBe(200);
    t.clock.advance(59_000);
    expect((await api.send(ACCOUNT)).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(1_000);
    expect((await api.send(ACCOUNT)).status).toBe(200);
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });
});
