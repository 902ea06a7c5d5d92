import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../helpers/test-engine';
import { makeProject } from './foundation-fixtures';
import { isLocalHost } from '../../src-main/engine/neurals/base-url';
import type { AppNeuralBody } from '../../src-shared/api/core';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const NEURALS = 'POST /api/app/neurals';
const network = (base_url: string, extra: Partial<AppNeuralBody> = {}): AppNeuralBody => ({
  system_name: 'gateway',
  display_name: 'Gateway',
  provider: 'openai-compatible',
  model: 'm',
  base_url,
  ...extra,
});
/** Every body here is one the route refuses (a 422): the answer whatever its status. */
const refused = (body: AppNeuralBody) => t.api.error(NEURALS, { body });

describe('base_url of a network (where its key is sent)', () => {
  it('refuses anything but http(s), on create and on change', async () => {
    const id = (await t.api.request('GET /api/app/neurals')).data[0].id;
    for (const url of [
      'file:///etc/passwd',
      'ftp://files.example/v1',
      'gopher://x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const created = await refused(network(url));
      expect(created.status, url).toBe(422);
      expect(created.body.errors, url).toHaveProperty('base_url');
      const changed = await t.api.error('PATCH /api/app/neurals/{id}', {
        params: { id },
        body: { base_url: url, allow_insecure_http: true },
      });
      expect(changed.status, url).toBe(422);
    }
  });

  it('allows plain http only to this machine or the local network, unless confirmed', async () => {
    for (const url of [
      'http://127.0.0.1:1234/v1',
      'http://localhost:11434',
      'http://192.168.1.20/v1',
      'http://10.0.0.5',
      'http://gpu-box.lan/v1',
      'http://ollama:11434',
    ]) {
      const res = await t.api.send(NEURALS, {
        body: network(url, { system_name: `n${Math.random().toString(36).slice(2, 8)}` }),
      });
      expect(res.status, url).toBe(201);
    }
    for (const url of [
      'http://gateway.example.com/v1',
      'http://169.254.169.254/latest',
      'http://8.8.8.8/v1',
    ]) {
      const res = await refused(network(url));
      expect(res.status, url).toBe(422);
      expect(res.body.errors?.base_url[0], url).toMatch(/allow_insecure_http/);
    }
    const confirmed = await t.api.send(NEURALS, {
      body: network('http://gateway.example.com/v1', { allow_insecure_http: true }),
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data).not.toHaveProperty('allow_insecure_http');
    const secure = network('https://gateway2.example.com/v1', { system_name: 'g2' });
    expect((await t.api.send(NEURALS, { body: secure })).status).toBe(201);
  });

  it('tells local hosts from the rest', () => {
    expect(
      [
        '127.0.0.2',
        '::1',
        '[::1]',
        '172.16.0.1',
        '172.31.255.255',
        'fd00::1',
        'printer.local',
        'nas.home.arpa',
        'app.localhost',
        '::ffff:192.168.0.1',
      ].every(isLocalHost),
    ).toBe(true);
    expect(
      [
        '172.32.0.1',
        '169.254.169.254',
        'example.com',
        '1.1.1.1',
        '2001:db8::1',
        'localhost.example.com',
      ].some(isLocalHost),
    ).toBe(false);
  });
});

describe('single-line fields and NUL', () => {
  it('refuses CR or LF in SMTP fields (they become protocol lines)', async () => {
    for (const smtp of [
      { host: 'smtp.example.com\r\nRCPT TO:<victim@example.com>' },
      { from: 'reports@example.com\nBcc: all@example.com' },
      { user: 'me\rRSET' },
    ]) {
      const res = await t.api.error('PATCH /api/app/settings', { body: { smtp } });
      expect(res.status, JSON.stringify(smtp)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})[0]).toMatch(/^smtp\./);
    }
    expect((await t.api.request('GET /api/app/settings')).data.smtp.host).toBeNull();
  });

  it('refuses CR/LF/NUL in names and NUL anywhere in a body', async () => {
    const p = await makeProject(t);
    const SETTINGS = 'PATCH /api/projects/{project}/settings';
    const at = { params: { project: p } };
    const name = await t.api.error(SETTINGS, { ...at, body: { name: 'Acme\nInjected' } });
    expect(name.status).toBe(422);
    expect(name.body.errors).toHaveProperty('name');
    const nul = await t.api.error(SETTINGS, { ...at, body: { brand: 'Ac\u0000me' } });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({ brand: [expect.stringContaining('NUL')] });
    const group = await t.api.error('POST /api/projects/{project}/groups', {
      ...at,
      body: { name: 'a\u0000b' },
    });
    expect(group.status).toBe(422);
    const nested = await t.api.error('POST /api/projects/{project}/prompts', {
      ...at,
      body: { prompts: [{ value: 'ok' }, { value: 'x\u0000' }] },
    });
    expect(nested.status).toBe(422);
    expect(Object.keys(nested.body.errors ?? {})).toEqual(['prompts.1.value']);
    const neural = await refused(network('https://g.example/v1', { display_name: 'Line\r\nTwo' }));
    expect(neural.status).toBe(422);
    expect(neural.body.errors).toHaveProperty('display_name');
  });

  it('answers a deeply nested body with 4xx, not a crash', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await t.engine.handle(
      new Request('http://engine.test/api/app/settings', {
        method: 'PATCH',
        headers: { authorization: `Bearer ${t.ownerToken}`, 'content-type': 'application/json' },
        body: deep,
      }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('list caps of a report', () => {
  const REPORTS = 'POST /api/projects/{project}/reports';
  // Loosely typed: every body built here is refused (422), for its size or its form.
  const options = (project: number, extra: Record<string, unknown>) => ({
    params: { project },
    body: {
      options: {
        comparison_enabled: false,
        period_main: 'last_7_days',
        blocks: [{ slug: 'summary' }],
        ...extra,
      },
    },
  });

  it('takes up to 20 addresses per list and refuses 5,000', async () => {
    const p = await makeProject(t);
    const emails = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@example.com`);
    const ok = await t.api.send(REPORTS, {
      params: { project: p },
      body: {
        options: {
          comparison_enabled: false,
          period_main: 'last_7_days',
          blocks: [{ slug: 'summary' }],
          report_email: emails(20),
        },
      },
    });
    expect(ok.status).toBe(201);
    for (const field of ['report_email', 'report_email_notifications']) {
      const many = await t.api.error(REPORTS, options(p, { [field]: emails(5000) }));
      expect(many.status, field).toBe(422);
      expect(many.body.errors, field).toHaveProperty(`options.${field}`);
      const asText = await t.api.error(REPORTS, options(p, { [field]: emails(21).join(',') }));
      expect(asText.status, field).toBe(422);
    }
  });

  it('refuses 10,000 blocks', async () => {
    const p = await makeProject(t);
    const blocks = Array.from({ length: 10_000 }, () => ({ slug: 'summary' }));
    const res = await t.api.error(REPORTS, options(p, { blocks }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('options.blocks');
  });
});
