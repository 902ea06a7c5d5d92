import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typedApiClient, createTestEngine, type TestApi, type TestEngine } from '../helpers/test-engine';
import type { DraftBody } from '../../src-shared/api/core';
import { neuralId } from './foundation-fixtures';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
  t.engine.setPublicUrl('http://127.0.0.1:4321');
});
afterEach(() => t.close());

const DRAFTS = 'POST /api/project-drafts';
const DRAFT = 'GET /api/project-drafts/{draft}';
const PROMPTS = 'PATCH /api/project-drafts/{draft}/prompts';
const PROJECT = 'POST /api/project-drafts/{draft}/project';
const draftAt = (draft: string) => ({ params: { draft } });
/** The proposals of a draft that must be ready. */
async function proposals(id: string) {
  const view = await t.api.request(DRAFT, draftAt(id));
  if (view.status !== 'ready') throw new Error(`the draft is ${view.status}, not ready`);
  return view.prompts;
}
const settingsOf = async (project: number) =>
  (await t.api.request('GET /api/projects/{project}/settings', { params: { project } })).data;

const form: DraftBody = {
  brand: 'Флора Экспресс',
  activities: ['Доставка цветов', 'флористика'],
  domain: 'https://www.flora-express.test/',
  neurals: ['chatgpt', 'demo'],
  alternative_brand: 'Flora Express',
  region: 213,
};

async function readyDraft(body: DraftBody = form, api: TestApi = t.api): Promise<string> {
  const res = await api.send(DRAFTS, { body });
  expect(res.status).toBe(202);
  await t.engine.jobs.drain({ ignoreDelays: true });
  return res.body.draft_id;
}

describe('POST /api/project-drafts', () => {
  it('answers 202 {draft_id, status: processing} and shows progress until the job runs', async () => {
    const res = await t.api.send(DRAFTS, { body: form });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      draft_id: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
      status: 'processing',
    });
    const polled = await t.api.send(DRAFT, draftAt(res.body.draft_id));
    expect(polled.status).toBe(200);
    expect(polled.body).toEqual({ draft_id: res.body.draft_id, status: 'processing', progress: 0 });
  });

  it('proposes 20–40 prompts in the draft language over groups, then records draft_ready', async () => {
    const events: string[] = [];
    t.engine.events.on((e) => events.push(e.type));
    const id = await readyDraft();
    const res = await t.api.send(DRAFT, draftAt(id));
    expect(res.body).toEqual({ draft_id: id, status: 'ready', prompts: expect.any(Array) });
    const prompts = res.body.status === 'ready' ? res.body.prompts : [];
    expect(prompts.length).toBeGreaterThanOrEqual(20);
    expect(prompts.length).toBeLessThanOrEqual(40);
    for (const p of prompts) {
      expect(p).toEqual({
        id: expect.any(String),
        text: expect.any(String),
        source: 'generated',
        group: expect.any(String),
      });
      expect(p.text).toMatch(/[а-яё]/i);
    }
    expect(new Set(prompts.map((p) => p.group)).size).toBeGreaterThanOrEqual(4);
    expect(prompts.some((p) => p.text.includes('в Москве'))).toBe(true);
    expect(events).toContain('draft_ready');
  });

  it('defaults region to 225 and language to ru, joins activities given as a string', async () => {
    const id = await readyDraft({
      brand: 'Acme',
      activities: 'flower delivery',
      neurals: [await neuralId(t, 'demo')],
    });
    const created = await t.api.request(PROJECT, draftAt(id));
    expect(await settingsOf(created.project_id)).toMatchObject({
      region: 225,
      language: 'ru',
      domain: '',
      alternative_brand: '',
    });
  });

  it('answers 422 with field paths for a bad form', async () => {
    const cases: Array<[object, string[]]> = [
      [{}, ['activities', 'brand', 'neurals']],
      [{ ...form, neurals: [] }, ['neurals']],
      [{ ...form, neurals: ['chatgpt', 'nope'] }, ['neurals.1']],
      [{ ...form, language: 'fr' }, ['language']],
      [{ ...form, activities: [' ', ''] }, ['activities']],
      [{ ...form, domain: 'not a site' }, ['domain']],
      [{ ...form, region: 'Moscow' }, ['region']],
    ];
    for (const [body, paths] of cases) {
      const res = await t.api.error(DRAFTS, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
      expect(Object.keys(res.body.errors ?? {}).sort(), JSON.stringify(body)).toEqual(paths);
    }
  });

  it('answers 503 ANALYSIS_NOT_STARTED when the proposal job cannot be queued', async () => {
    vi.spyOn(t.engine.jobs, 'enqueue').mockRejectedValueOnce(new Error('database is locked'));
    const res = await t.api.error(DRAFTS, { body: form });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: 'ANALYSIS_NOT_STARTED', message: expect.any(String) } });
    expect(await t.engine.ctx.db.selectFrom('drafts').selectAll().execute()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await typedApiClient(t.engine, null).error(DRAFTS, { body: form })).status).toBe(401);
  });
});

describe('GET /api/project-drafts/{draft}', () => {
  it('answers 404 DRAFT_NOT_FOUND for an unknown, foreign or expired draft', async () => {
    const notFound = { error: { code: 'DRAFT_NOT_FOUND', message: expect.any(String) } };
    const unknown = await t.api.error(DRAFT, draftAt('nope'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(notFound);

    const id = await readyDraft();
    const other = await t.otherUser();
    for (const res of [
      await other.api.error(DRAFT, draftAt(id)),
      await other.api.error(PROMPTS, { ...draftAt(id), body: { prompts: ['x'] } }),
      await other.api.error(PROJECT, draftAt(id)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }

    t.clock.advance(24 * 3600_000 - 1000);
    expect((await t.api.send(DRAFT, draftAt(id))).status).toBe(200);
    t.clock.advance(2000);
    const expired = await t.api.error(DRAFT, draftAt(id));
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(notFound);
    expect((await t.api.error(PROJECT, draftAt(id))).status).toBe(404);
  });
});

describe('PATCH /api/project-drafts/{draft}/prompts', () => {
  it('replaces the list: keeps unchanged proposals, drops empties and duplicates, marks new ones custom', async () => {
    const id = await readyDraft();
    const before = await proposals(id);
    const res = await t.api.send(PROMPTS, {
      ...draftAt(id),
      body: {
        prompts: [
          before[3].text,
          '  ',
          before[0].text,
          ` ${before[0].text.toUpperCase()} `,
          'Мой   вопрос ',
          'мой вопрос',
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      draft_id: id,
      status: 'ready',
      prompts: [
        before[3],
        before[0],
        { id: expect.any(String), text: 'Мой вопрос', source: 'custom', group: 'custom' },
      ],
    });
    expect(await t.api.request(DRAFT, draftAt(id))).toEqual(res.body);
  });

  it('answers 409 DRAFT_IN_PROGRESS while processing and 422 for a bad body', async () => {
    const res = await t.api.send(DRAFTS, { body: form });
    const patched = await t.api.error(PROMPTS, { ...draftAt(res.body.draft_id), body: { prompts: ['a'] } });
    expect(patched.status).toBe(409);
    expect(patched.body).toEqual({ error: { code: 'DRAFT_IN_PROGRESS', message: expect.any(String) } });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const bad = await t.api.error(PROMPTS, { ...draftAt(res.body.draft_id), body: { prompts: 'a' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['prompts']);
  });
});

describe('POST /api/project-drafts/{draft}/project', () => {
  it('creates the project with settings, networks, prompts, named groups and a balanced schedule', async () => {
    const id = await readyDraft();
    const draft = await proposals(id);
    await t.api.send(PROMPTS, {
      ...draftAt(id),
      body: { prompts: [...draft.slice(0, 10).map((p) => p.text), 'Свой запрос'] },
    });
    const res = await t.api.send(PROJECT, draftAt(id));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      draft_id: id,
      status: 'created',
      project_id: expect.any(Number),
      project_url: `http://127.0.0.1:4321/#/projects/${res.body.project_id}`,
    });
    const projectId = res.body.project_id;

    const settings = await settingsOf(projectId);
    expect(settings).toMatchObject({
      name: 'Флора Экспресс',
      brand: 'Флора Экспресс',
      activities: 'Доставка цветов, флористика',
      domain: 'flora-express.test',
      alternative_brand: 'Flora Express',
      region: 213,
      language: 'ru',
      schedules: { update: { source: 'update', type: 'once_per_week', detail: 1 } },
    });
    expect(settings.neurals.map((n) => n.system_name)).toEqual(['chatgpt', 'demo']);
    // Web search starts on where a network offers it (citations feed site visibility).
    expect(settings.neurals.map((n) => n.web_search_enabled)).toEqual([true, true]);

    const at = { params: { project: projectId } };
    const prompts = (await t.api.request('GET /api/projects/{project}/prompts', at)).data;
    expect(prompts.map((p) => p.value)).toEqual([...draft.slice(0, 10).map((p) => p.text), 'Свой запрос']);
    const groups = (await t.api.request('GET /api/projects/{project}/groups', at)).data;
    expect(groups.map((g) => g.name)).toEqual(['Лучшие в категории', 'Решение задачи', 'Свои запросы']);
    expect(groups.reduce((sum, g) => sum + g.prompts_count, 0)).toBe(11);

    // The next project of this user lands on the next least busy weekday.
    const second = await readyDraft({ ...form, brand: 'Другой' });
    const next = await t.api.request(PROJECT, draftAt(second));
    expect((await settingsOf(next.project_id)).schedules.update.detail).toBe(2);
  });

  it('answers 409 DRAFT_ALREADY_USED with project_id to any method once created', async () => {
    const id = await readyDraft();
    const created = await t.api.send(PROJECT, draftAt(id));
    const used = {
      error: { code: 'DRAFT_ALREADY_USED', message: expect.any(String), project_id: created.body.project_id },
    };
    for (const res of [
      await t.api.error(PROJECT, draftAt(id)),
      await t.api.error(DRAFT, draftAt(id)),
      await t.api.error(PROMPTS, { ...draftAt(id), body: { prompts: ['x'] } }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual(used);
    }
    expect((await t.api.request('GET /api/projects')).data).toHaveLength(1);
  });

  it('answers 422 DRAFT_NOT_READY while processing or after an error', async () => {
    const res = await t.api.send(DRAFTS, { body: form });
    const early = await t.api.error(PROJECT, draftAt(res.body.draft_id));
    expect(early.status).toBe(422);
    expect(early.body).toEqual({ error: { code: 'DRAFT_NOT_READY', message: expect.any(String) } });

    await t.engine.ctx.db.updateTable('drafts').set({ status: 'error', error: 'failed' }).execute();
    const failed = await t.api.error(PROJECT, draftAt(res.body.draft_id));
    expect(failed.status).toBe(422);
    expect(failed.body.error?.code).toBe('DRAFT_NOT_READY');
    expect(await t.api.request(DRAFT, draftAt(res.body.draft_id))).toEqual({
      draft_id: res.body.draft_id,
      status: 'error',
      message: 'failed',
    });
  });

  it('refuses to create a project from an emptied list', async () => {
    const id = await readyDraft();
    await t.api.send(PROMPTS, { ...draftAt(id), body: { prompts: [] } });
    const res = await t.api.error(PROJECT, draftAt(id));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['prompts']);
  });
});
