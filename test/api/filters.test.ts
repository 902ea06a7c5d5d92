import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { typedApiClient, createTestEngine, type TestEngine } from '../helpers/test-engine';
import { makeProject, makeUpdate, neuralId } from './foundation-fixtures';

let t: TestEngine;
let project: number;
beforeEach(async () => {
  t = await createTestEngine();
  project = await makeProject(t);
});
afterEach(() => t.close());

const FILTERS = 'GET /api/projects/{project}/filters';
const at = (id = project) => ({ params: { project: id } });

const ENUMS = {
  mention: [
    { value: 'has', label: 'Бренд упомянут' },
    { value: 'not', label: 'Бренд не упомянут' },
    { value: 'has_source', label: 'Сайт в источниках' },
  ],
  tone: [
    { value: 'positive', label: 'Позитивная' },
    { value: 'neutral', label: 'Нейтральная' },
    { value: 'negative', label: 'Негативная' },
  ],
  visibility: [
    { value: 'up', label: 'Видимость выросла' },
    { value: 'down', label: 'Видимость снизилась' },
  ],
  competitor_type: [
    { value: 'brand', label: 'Бренд' },
    { value: 'competitor', label: 'Конкурент' },
  ],
  metrics: [
    { value: 'visibility', label: 'Видимость' },
    { value: 'mentions', label: 'Упоминания' },
    { value: 'share_of_voice', label: 'Доля голоса' },
  ],
  metrics_action: [
    { value: 'up', label: 'Рост' },
    { value: 'down', label: 'Снижение' },
    { value: 'zero', label: 'Без изменений' },
  ],
};

describe('GET /api/projects/{project}/filters', () => {
  it('gives empty values and null dates before any update', async () => {
    const res = await t.api.send(FILTERS, at());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      neurals: [],
      groups: [],
      update_dates: [],
      first_update_date: null,
      last_update_date: null,
      prompts_count: 0,
      enums: ENUMS,
    });
  });

  it('lists networks, groups, distinct ascending update dates and live prompts', async () => {
    await t.api.send('PATCH /api/projects/{project}/settings', {
      ...at(),
      body: { neurals: ['claude', 'chatgpt'] },
    });
    const group = await t.api.send('POST /api/projects/{project}/groups', { ...at(), body: { name: 'G' } });
    const added = await t.api.send('POST /api/projects/{project}/prompts', {
      ...at(),
      body: { prompts: ['a', 'b', 'c'], group_ids: [group.body.data.id] },
    });
    await t.api.send('DELETE /api/projects/{project}/prompts/{prompt}', {
      params: { project, prompt: added.body.data.prompts[2].id },
    });
    await makeUpdate(t, project, '2026-11-12T08:00:00.000Z');
    await makeUpdate(t, project, '2026-11-05T08:00:00.000Z');
    await makeUpdate(t, project, '2026-11-12T18:30:00.000Z');
    // A run still going and another project's update are not updates of this project.
    await t.engine.ctx.db
      .updateTable('parse_runs')
      .set({ status: 'in_progress' })
      .where('id', '=', await makeUpdate(t, project, '2026-11-19T08:00:00.000Z'))
      .execute();
    await makeUpdate(t, await makeProject(t), '2026-11-01T08:00:00.000Z');

    const res = await t.api.send(FILTERS, at());
    expect(res.body).toEqual({
      neurals: [
        { id: await neuralId(t, 'claude'), system_name: 'claude', display_name: 'Claude' },
        { id: await neuralId(t, 'chatgpt'), system_name: 'chatgpt', display_name: 'ChatGPT' },
      ],
      groups: [{ id: group.body.data.id, name: 'G', is_favourite: false, prompts_count: 2 }],
      update_dates: ['2026-11-05', '2026-11-12'],
      first_update_date: '2026-11-05T08:00:00.000000Z',
      last_update_date: '2026-11-12T18:30:00.000000Z',
      prompts_count: 2,
      enums: ENUMS,
    });
  });

  it('answers 401, and 404 for a missing or foreign project', async () => {
    expect((await typedApiClient(t.engine, null).error(FILTERS, at())).status).toBe(401);
    expect((await t.api.error(FILTERS, at(9999))).status).toBe(404);
    const other = await t.otherUser();
    expect((await other.api.error(FILTERS, at())).status).toBe(404);
  });
});
