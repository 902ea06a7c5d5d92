import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { typedApiClient, createTestEngine, type TestEngine } from '../helpers/test-engine';
import { getAppSettings } from '../../src-main/engine/app-settings/app-settings.service';
import { neuralId } from './foundation-fixtures';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const systemZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const READ = 'GET /api/app/settings';
const PATCH = 'PATCH /api/app/settings';

describe('GET /api/app/settings', () => {
  it('gives the defaults', async () => {
    const res = await t.api.send(READ);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        analysis_neural_id: null,
        schedule_hour: 6,
        time_zone: systemZone,
        language: 'en',
        theme: 'system',
        fetch_favicons: true,
        smtp: { host: null, port: 587, secure: false, user: null, from: null, password_set: false },
      },
    });
    expect((await typedApiClient(t.engine, null).error(READ)).status).toBe(401);
  });
});

describe('PATCH /api/app/settings', () => {
  it('changes sent fields, keeps the SMTP password write-only and resets on null', async () => {
    const claude = await neuralId(t, 'claude');
    // Every field but the SMTP password reads back as it was sent.
    const sent = {
      analysis_neural_id: claude,
      schedule_hour: 23,
      time_zone: 'America/New_York',
      language: 'ru',
      theme: 'dark',
      fetch_favicons: false,
    } as const;
    const smtp = { host: 'smtp.acme.test', port: 465, secure: true, user: 'bot', from: 'bot@acme.test' };
    const res = await t.api.send(PATCH, { body: { ...sent, smtp: { ...smtp, password: 'p4ss' } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ...sent, smtp: { ...smtp, password_set: true } } });
    expect(JSON.stringify(res.body)).not.toContain('p4ss');
    expect((await getAppSettings(t.engine.ctx)).smtp.password).toBe('p4ss');
    const stored = await t.engine.ctx.db.selectFrom('app_settings').selectAll().execute();
    // Sealed at rest (the key file's AES-GCM: a fresh IV each time, so compare by opening it).
    expect(JSON.stringify(stored)).not.toContain('p4ss');
    const smtpRow = stored.find((r) => r.key === 'smtp')!;
    const sealed = JSON.parse(smtpRow.value).password as string;
    expect(sealed).toMatch(/^key:v1:/);
    expect(t.engine.ctx.secrets.open(sealed)).toBe('p4ss');

    // A partial SMTP change keeps the password; null on one field resets only it.
    const partial = await t.api.send(PATCH, { body: { smtp: { port: 2525 }, schedule_hour: null } });
    expect(partial.body.data).toMatchObject({
      schedule_hour: 6,
      smtp: { port: 2525, host: 'smtp.acme.test', password_set: true },
    });
    const cleared = await t.api.send(PATCH, { body: { smtp: { password: null }, analysis_neural_id: null } });
    expect(cleared.body.data).toMatchObject({
      analysis_neural_id: null,
      smtp: { password_set: false, host: 'smtp.acme.test' },
    });
    const reset = await t.api.send(PATCH, { body: { smtp: null, time_zone: null } });
    expect(reset.body.data.smtp).toEqual({
      host: null,
      port: 587,
      secure: false,
      user: null,
      from: null,
      password_set: false,
    });
    expect(reset.body.data.time_zone).toBe(systemZone);
    expect((await t.api.send(READ)).body).toEqual(reset.body);
  });

  it('answers 422 with field paths for bad values', async () => {
    const demo = await neuralId(t, 'demo');
    const cases: Array<[object, string]> = [
      [{ analysis_neural_id: demo }, 'analysis_neural_id'],
      [{ analysis_neural_id: 99999 }, 'analysis_neural_id'],
      [{ schedule_hour: 24 }, 'schedule_hour'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ language: 'de' }, 'language'],
      [{ theme: 'blue' }, 'theme'],
      [{ fetch_favicons: 'yes' }, 'fetch_favicons'],
      [{ smtp: { port: 0 } }, 'smtp.port'],
    ];
    for (const [body, path] of cases) {
      const res = await t.api.error(PATCH, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual([path]);
    }
  });

  it('lets only the local owner change machine settings', async () => {
    const other = await t.otherUser();
    expect((await other.api.send(READ)).status).toBe(200);
    const res = await other.api.error(PATCH, { body: { theme: 'dark' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});
