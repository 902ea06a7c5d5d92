import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { typedApiClient, createTestEngine, type TestEngine } from '../helpers/test-engine';
import { shareProject } from '../../src-main/engine/access/project-access';
import { makeProject } from './foundation-fixtures';

let t: TestEngine;
let project: number;
beforeEach(async () => {
  t = await createTestEngine();
  project = await makeProject(t);
});
afterEach(() => t.close());

const LIST = 'GET /api/projects/{project}/prompts';
const ADD = 'POST /api/projects/{project}/prompts';
const DELETE = 'DELETE /api/projects/{project}/prompts/{prompt}';
const at = (id = project) => ({ params: { project: id } });
const promptAt = (prompt: number, id = project) => ({ params: { project: id, prompt } });
const addGroup = (name: string, id = project) =>
  t.api.send('POST /api/projects/{project}/groups', { ...at(id), body: { name } });
const NOW = '2026-11-20T10:00:00.000000Z';

describe('POST /api/projects/{project}/prompts', () => {
  it('creates prompts from strings and objects: 201 with counts, prompts and groups', async () => {
    const group = await addGroup('Price');
    const res = await t.api.send(ADD, {
      ...at(),
      body: {
        prompts: [
          '  best  flower delivery in town ',
          { value: 'flower delivery price', group_ids: [group.body.data.id] },
          { value: 'acme reviews', group_name: 'Brand' },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: {
        prompts: [
          { id: expect.any(Number), value: 'best flower delivery in town', groups: [], created_at: NOW },
          {
            id: expect.any(Number),
            value: 'flower delivery price',
            groups: [{ id: group.body.data.id, value: 'Price' }],
            created_at: NOW,
          },
          {
            id: expect.any(Number),
            value: 'acme reviews',
            groups: [{ id: expect.any(Number), value: 'Brand' }],
            created_at: NOW,
          },
        ],
        groups: [
          { id: group.body.data.id, name: 'Price', is_favourite: false, prompts_count: 1 },
          { id: expect.any(Number), name: 'Brand', is_favourite: false, prompts_count: 1 },
        ],
        created_count: 3,
        attached_count: 0,
        skipped_count: 0,
      },
    });
  });

  it('skips duplicates case-insensitively after trimming, and attaches new groups to them', async () => {
    await t.api.send(ADD, { ...at(), body: { prompts: ['Flower delivery price'] } });
    const group = await addGroup('Price');
    const res = await t.api.send(ADD, {
      ...at(),
      body: {
        prompts: ['  FLOWER delivery price', 'flower delivery price ', '', 'new one', 'NEW ONE'],
        group_ids: [group.body.data.id],
      },
    });
    // The existing prompt gains the group once; the repeat, the empty string and the in-batch
    // duplicate of the new prompt are skipped.
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ created_count: 1, attached_count: 1, skipped_count: 3 });
    expect(res.body.data.prompts.map((p) => p.value)).toEqual(['Flower delivery price', 'new one']);

    const again = await t.api.send(ADD, { ...at(), body: { prompts: ['flower delivery PRICE'] } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      prompts: [],
      created_count: 0,
      attached_count: 0,
      skipped_count: 1,
    });

    const list = await t.api.send(LIST, at());
    expect(list.body.data.map((p) => [p.value, p.groups.map((g) => g.value)])).toEqual([
      ['Flower delivery price', ['Price']],
      ['new one', ['Price']],
    ]);
  });

  it('reuses a group named by group_name regardless of case', async () => {
    await t.api.send(ADD, { ...at(), body: { prompts: [{ value: 'a', group_name: 'Brand' }] } });
    const res = await t.api.send(ADD, {
      ...at(),
      body: { prompts: [{ value: 'b', group_name: ' brand ' }] },
    });
    expect(res.body.data.groups).toEqual([
      { id: expect.any(Number), name: 'Brand', is_favourite: false, prompts_count: 2 },
    ]);
  });

  it('answers 422 with field paths for a bad body and foreign group ids', async () => {
    const empty = await t.api.error(ADD, { ...at(), body: { prompts: [] } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['prompts']);
    const missing = await t.api.error(ADD, { ...at(), body: {} });
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['prompts']);
    const other = await makeProject(t);
    const foreignGroup = await addGroup('Elsewhere', other);
    const foreign = await t.api.error(ADD, {
      ...at(),
      body: { prompts: ['a', { value: 'b', group_ids: [foreignGroup.body.data.id] }], group_ids: [999] },
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors ?? {}).sort()).toEqual(['group_ids.0', 'prompts.1.group_ids.0']);
    expect((await t.api.send(LIST, at())).body.data).toEqual([]);
  });

  it('needs the right to modify', async () => {
    const viewer = await t.otherUser();
    await shareProject(t.engine.ctx, project, viewer.id, 'viewer');
    const res = await viewer.api.error(ADD, { ...at(), body: { prompts: ['x'] } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect((await viewer.api.send(LIST, at())).status).toBe(200);
    expect(
      (await typedApiClient(t.engine, null).error(ADD, { ...at(), body: { prompts: ['x'] } })).status,
    ).toBe(401);
    expect((await t.api.error(ADD, { ...at(9999), body: { prompts: ['x'] } })).status).toBe(404);
  });
});

describe('GET /api/projects/{project}/prompts', () => {
  it('lists live prompts as {id, value, groups, created_at}', async () => {
    await t.api.send(ADD, { ...at(), body: { prompts: [{ value: 'one', group_name: 'G' }, 'two'] } });
    const res = await t.api.send(LIST, at());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: expect.any(Number),
          value: 'one',
          groups: [{ id: expect.any(Number), value: 'G' }],
          created_at: NOW,
        },
        { id: expect.any(Number), value: 'two', groups: [], created_at: NOW },
      ],
    });
    const stranger = await t.otherUser();
    expect((await stranger.api.error(LIST, at())).status).toBe(404);
  });
});

describe('DELETE /api/projects/{project}/prompts/{prompt}', () => {
  it('moves the prompt to the trash: gone from lists and counts, a new one may reuse the text', async () => {
    const created = await t.api.send(ADD, {
      ...at(),
      body: { prompts: [{ value: 'old', group_name: 'G' }, 'kept'] },
    });
    const id = created.body.data.prompts[0].id;
    const res = await t.api.send(DELETE, promptAt(id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), deleted: 1, ids: [id] });

    expect((await t.api.send(LIST, at())).body.data.map((p) => p.value)).toEqual(['kept']);
    const groups = await t.api.send('GET /api/projects/{project}/groups', at());
    expect(groups.body.data[0].prompts_count).toBe(0);
    const row = await t.engine.ctx.db
      .selectFrom('prompts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();

    expect((await t.api.send(ADD, { ...at(), body: { prompts: ['old'] } })).body.data.created_count).toBe(1);
  });

  it('answers 404 for a prompt already deleted or of another project, 403 for a viewer', async () => {
    const created = await t.api.send(ADD, { ...at(), body: { prompts: ['p'] } });
    const id = created.body.data.prompts[0].id;
    const other = await makeProject(t);
    expect((await t.api.error(DELETE, promptAt(id, other))).status).toBe(404);
    const viewer = await t.otherUser();
    await shareProject(t.engine.ctx, project, viewer.id, 'viewer');
    expect((await viewer.api.error(DELETE, promptAt(id))).status).toBe(403);
    expect((await t.api.send(DELETE, promptAt(id))).status).toBe(200);
    const twice = await t.api.error(DELETE, promptAt(id));
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual({ message: expect.any(String) });
  });
});
