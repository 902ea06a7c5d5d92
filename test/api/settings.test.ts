import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { typedApiClient, createTestEngine, type TestApi, type TestEngine } from '../helpers/test-engine';
import type { ProjectSettingsPatch, ScheduleBody } from '../../src-shared/api/core';
import { shareProject } from '../../src-main/engine/access/project-access';
import { makeProject, neuralId } from './foundation-fixtures';

let t: TestEngine;
let project: number;
beforeEach(async () => {
  t = await createTestEngine();
  project = await makeProject(t);
});
afterEach(() => t.close());

const GET = 'GET /api/projects/{project}/settings';
const PATCH = 'PATCH /api/projects/{project}/settings';
const at = (id = project) => ({ params: { project: id } });
const read = (id = project, api: TestApi = t.api) => api.send(GET, at(id));
/** A change that must pass (a refusal throws). */
const patch = (body: ProjectSettingsPatch, id = project, api: TestApi = t.api) =>
  api.send(PATCH, { ...at(id), body });
/** A change that must be refused: the answer whatever its status. */
const refused = (body: unknown, id = project, api: TestApi = t.api) => api.error(PATCH, { ...at(id), body });
const paused = (source: string) => ({ source, type: 'paused', detail: null });

describe('GET /api/projects/{project}/settings', () => {
  it('returns every field of the read shape', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: project,
        name: 'Acme',
        brand: 'Acme',
        domain: 'acme.test',
        activities: 'flower delivery',
        alternative_brand: '',
        domain_aliases: null,
        sources_include_subdomains: false,
        collect_online: false,
        collect_google_ai_mode: false,
        count_empty_answers: false,
        language: 'en',
        region: 225,
        own_products: [],
        alerts: { event: true, desktop: true, email: false, emails: [] },
        neurals: [],
        schedules: {
          update: paused('update'),
          recommendations: paused('recommendations'),
          frequency: paused('frequency'),
          url_indexation: paused('url_indexation'),
        },
        analytics: { token_configured: false, counter_id: '', counter_name: '' },
      },
    });
  });

  it('answers 401 without a token and 404 for a missing or foreign project', async () => {
    expect((await typedApiClient(t.engine, null).error(GET, at())).status).toBe(401);
    const missing = await t.api.error(GET, at(9999));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: expect.any(String) });
    const other = await t.otherUser();
    const foreign = await other.api.error(GET, at());
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: expect.any(String) });
  });
});

describe('PATCH /api/projects/{project}/settings', () => {
  it('changes only the sent fields and answers {data} as GET returns it', async () => {
    const res = await patch({ name: 'Acme EU', count_empty_answers: true, region: 213 });
    expect(res.status).toBe(200);
    const again = await read();
    expect(res.body).toEqual(again.body);
    expect(again.body.data).toMatchObject({
      name: 'Acme EU',
      brand: 'Acme',
      count_empty_answers: true,
      region: 213,
      domain: 'acme.test',
    });
  });

  it('resets a field sent as null', async () => {
    await patch({
      alternative_brand: ['Acme Inc', ' ACME ', 'Acme Inc'],
      domain_aliases: 'https://www.shop.acme.test/\nacme.example, acme.example',
      region: 2,
      collect_online: true,
      analytics_id: 12345,
    });
    const set = await read();
    expect(set.body.data).toMatchObject({
      alternative_brand: 'Acme Inc, ACME',
      domain_aliases: 'shop.acme.test\nacme.example',
      region: 2,
      collect_online: true,
      analytics: { counter_id: '12345' },
    });
    const res = await patch({
      alternative_brand: null,
      domain_aliases: null,
      region: null,
      collect_online: null,
      analytics_id: null,
    });
    expect(res.body.data).toMatchObject({
      alternative_brand: '',
      domain_aliases: null,
      region: 225,
      collect_online: false,
      analytics: { counter_id: '' },
    });
  });

  it('stores the domain as a bare host and refuses what is not a site', async () => {
    const res = await patch({ domain: 'https://www.Acme-Flowers.test/about' });
    expect(res.body.data.domain).toBe('acme-flowers.test');
    const bad = await refused({ domain: 'not a site' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: expect.any(String), errors: { domain: [expect.any(String)] } });
  });

  it('refuses an empty name and a null brand with field paths', async () => {
    const res = await refused({ name: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['name']);
    const brand = await refused({ brand: null });
    expect(brand.status).toBe(422);
    expect(Object.keys(brand.body.errors ?? {})).toEqual(['brand']);
  });

  it('selects networks by id or system_name and turns web search on for a subset', async () => {
    const chatgpt = await neuralId(t, 'chatgpt');
    const res = await patch({
      neurals: [chatgpt, 'claude', 'deepseek'],
      neurals_web_search: ['chatgpt'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.neurals).toEqual([
      {
        id: chatgpt,
        system_name: 'chatgpt',
        display_name: 'ChatGPT',
        web_search_supported: true,
        web_search_enabled: true,
      },
      expect.objectContaining({
        system_name: 'claude',
        web_search_supported: true,
        web_search_enabled: false,
      }),
      expect.objectContaining({
        system_name: 'deepseek',
        web_search_supported: false,
        web_search_enabled: false,
      }),
    ]);

    // Sending only `neurals` keeps the web-search flag of networks that stay selected.
    const kept = await patch({ neurals: ['deepseek', 'chatgpt'] });
    expect(kept.body.data.neurals.map((n) => [n.system_name, n.web_search_enabled])).toEqual([
      ['deepseek', false],
      ['chatgpt', true],
    ]);
    const off = await patch({ neurals_web_search: null });
    expect(off.body.data.neurals.every((n) => !n.web_search_enabled)).toBe(true);
  });

  it('refuses unknown networks and web search outside the selection or unsupported', async () => {
    const unknown = await refused({ neurals: ['chatgpt', 'nope'] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors ?? {})).toEqual(['neurals.1']);

    const notSelected = await refused({
      neurals: ['chatgpt'],
      neurals_web_search: ['claude'],
    });
    expect(notSelected.status).toBe(422);
    expect(Object.keys(notSelected.body.errors ?? {})).toEqual(['neurals_web_search.0']);

    const unsupported = await refused({
      neurals: ['chatgpt', 'deepseek'],
      neurals_web_search: ['chatgpt', 'deepseek'],
    });
    expect(unsupported.status).toBe(422);
    expect(Object.keys(unsupported.body.errors ?? {})).toEqual(['neurals_web_search.1']);
    // Nothing was written by the refused requests.
    expect((await read()).body.data.neurals).toEqual([]);
  });

  it('keeps the analytics token write-only', async () => {
    const res = await patch({ analytics_token: 'y0_secret-token', analytics_id: '98765' });
    expect(res.body.data.analytics).toEqual({
      token_configured: true,
      counter_id: '98765',
      counter_name: '',
    });
    expect(JSON.stringify(res.body)).not.toContain('secret-token');
    const row = await t.engine.ctx.db
      .selectFrom('projects')
      .select('analytics_token')
      .where('id', '=', project)
      .executeTakeFirstOrThrow();
    expect(t.engine.ctx.secrets.open(row.analytics_token!)).toBe('y0_secret-token');
    const cleared = await patch({ analytics_token: null });
    expect(cleared.body.data.analytics.token_configured).toBe(false);
  });

  it('treats language as read-only: the same value passes, another is a 422', async () => {
    // `language` is not in ProjectSettingsPatch (read-only), so both bodies go through the untyped
    // error(), which answers whatever the status: the first one must pass.
    expect((await refused({ language: 'en', name: 'Same' })).status).toBe(200);
    const res = await refused({ language: 'ru' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['language']);
  });

  it('needs the right to modify: a viewer gets 403 {message}, an editor may change', async () => {
    const viewer = await t.otherUser();
    const editor = await t.otherUser();
    await shareProject(t.engine.ctx, project, viewer.id, 'viewer');
    await shareProject(t.engine.ctx, project, editor.id, 'editor');
    expect((await read(project, viewer.api)).status).toBe(200);
    const denied = await refused({ name: 'Mine' }, project, viewer.api);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: expect.any(String) });
    expect((await patch({ name: 'Edited' }, project, editor.api)).body.data.name).toBe('Edited');
    expect((await refused({ name: 'x' }, project, typedApiClient(t.engine, null))).status).toBe(401);
    expect((await refused({ name: 'x' }, 9999)).status).toBe(404);
  });
});

describe('PATCH settings: schedules', () => {
  const schedule = (body: ScheduleBody) => patch({ schedule: body });

  it('stores each schedule type in the spec form', async () => {
    const cases: Array<[ScheduleBody, unknown]> = [
      [{ type: 'once_per_week', detail: 3 }, 3],
      [{ type: 'once_per_week', detail: '5' }, 5],
      [{ type: 'twice_per_week', detail: [4, 1] }, [1, 4]],
      [{ type: 'twice_per_week', detail: '2,6' }, [2, 6]],
      [{ type: 'weekdays', detail: '5,0,3,3' }, '0,3,5'],
      [{ type: 'monthdays', detail: '31,1,15' }, '1,15,31'],
      [{ type: 'every_n_days', detail: '90' }, '90'],
      [{ type: 'every_n_days', detail: 7 }, '7'],
      [{ source: 'update', type: 'paused' }, null],
    ];
    for (const [body, detail] of cases) {
      const res = await schedule(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.data.schedules.update).toEqual({
        source: 'update',
        type: body.type,
        detail,
      });
    }
  });

  it('refuses bad details with the field path', async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'once_per_week', detail: 7 }, 'schedule.detail'],
      [{ type: 'once_per_week', detail: [1, 2] }, 'schedule.detail'],
      [{ type: 'twice_per_week', detail: [1, 1] }, 'schedule.detail'],
      [{ type: 'twice_per_week', detail: 1 }, 'schedule.detail'],
      [{ type: 'weekdays', detail: '1,8' }, 'schedule.detail'],
      [{ type: 'weekdays', detail: '' }, 'schedule.detail'],
      [{ type: 'monthdays', detail: '0,15' }, 'schedule.detail'],
      [{ type: 'monthdays', detail: '32' }, 'schedule.detail'],
      [{ type: 'every_n_days', detail: '0' }, 'schedule.detail'],
      [{ type: 'every_n_days', detail: 91 }, 'schedule.detail'],
      [{ type: 'every_n_days' }, 'schedule.detail'],
      [{ type: 'hourly' }, 'schedule.type'],
      [{ type: 'with_update' }, 'schedule.type'],
      [{ source: 'frequency', type: 'paused' }, 'schedule.source'],
      ['weekly', 'schedule'],
    ];
    for (const [body, path] of cases) {
      const res = await refused({ schedule: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toEqual([path]);
    }
  });

  it('allows with_update for the other schedules and resets one sent as null', async () => {
    const res = await patch({
      recommendationsSchedule: { source: 'recommendations', type: 'with_update', detail: null },
      frequencySchedule: { type: 'monthdays', detail: '1' },
      urlIndexationSchedule: { type: 'every_n_days', detail: '14' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.schedules).toEqual({
      update: paused('update'),
      recommendations: { source: 'recommendations', type: 'with_update', detail: null },
      frequency: { source: 'frequency', type: 'monthdays', detail: '1' },
      url_indexation: { source: 'url_indexation', type: 'every_n_days', detail: '14' },
    });
    const reset = await patch({ frequencySchedule: null });
    expect(reset.body.data.schedules.frequency).toEqual(paused('frequency'));
  });

  it('gives once_per_week without a day the weekday with the fewest projects of this user', async () => {
    // Monday and Tuesday are taken by two other projects of the owner; a foreign project on
    // Wednesday does not count.
    for (const day of [1, 2]) {
      const other = await makeProject(t);
      await patch({ schedule: { type: 'once_per_week', detail: day } }, other);
    }
    const stranger = await t.otherUser();
    const foreign = await makeProject(t, { user_id: stranger.id });
    await patch({ schedule: { type: 'once_per_week', detail: 3 } }, foreign, stranger.api);

    const res = await schedule({ type: 'once_per_week' });
    expect(res.body.data.schedules.update).toEqual({ source: 'update', type: 'once_per_week', detail: 3 });
    const next = await makeProject(t);
    const again = await patch({ schedule: { type: 'once_per_week', detail: null } }, next);
    expect(again.body.data.schedules.update.detail).toBe(4);
  });
});
