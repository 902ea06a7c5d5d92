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

const GROUPS = 'GET /api/projects/{project}/groups';
const CREATE = 'POST /api/projects/{project}/groups';
const UPDATE = 'PATCH /api/projects/{project}/groups/{group}';
const DELETE = 'DELETE /api/projects/{project}/groups/{group}';
const at = (id = project) => ({ params: { project: id } });
const groupAt = (group: number) => ({ params: { project, group } });

describe('GET /api/projects/{project}/groups', () => {
  it('lists {id, name, is_favourite, prompts_count} counting live prompts only', async () => {
    const a = await t.api.send(CREATE, { ...at(), body: { name: 'Brand', is_favourite: true } });
    await t.api.send(CREATE, { ...at(), body: { name: 'Empty' } });
    const prompts = await t.api.send('POST /api/projects/{project}/prompts', {
      ...at(),
      body: { prompts: ['one', 'two', 'three'], group_ids: [a.body.data.id] },
    });
    await t.api.send('DELETE /api/projects/{project}/prompts/{prompt}', {
      params: { project, prompt: prompts.body.data.prompts[0].id },
    });
    const res = await t.api.send(GROUPS, at());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { id: a.body.data.id, name: 'Brand', is_favourite: true, prompts_count: 2 },
        { id: expect.any(Number), name: 'Empty', is_favourite: false, prompts_count: 0 },
      ],
    });
  });

  it('answers 401 and 404 as other project endpoints do', async () => {
    expect((await typedApiClient(t.engine, null).error(GROUPS, at())).status).toBe(401);
    expect((await t.api.error(GROUPS, at(9999))).status).toBe(404);
  });
});

describe('group extension endpoints', () => {
  it('creates (201), renames and stars a group, refusing a duplicate name', async () => {
    const created = await t.api.send(CREATE, { ...at(), body: { name: ' Reviews ' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: { id: expect.any(Number), name: 'Reviews', is_favourite: false, prompts_count: 0 },
    });
    const id = created.body.data.id;
    const dup = await t.api.error(CREATE, { ...at(), body: { name: 'reviews' } });
    expect(dup.status).toBe(422);
    expect(Object.keys(dup.body.errors ?? {})).toEqual(['name']);

    const patched = await t.api.send(UPDATE, {
      ...groupAt(id),
      body: { name: 'Opinions', is_favourite: true },
    });
    expect(patched.body.data).toEqual({ id, name: 'Opinions', is_favourite: true, prompts_count: 0 });
    const same = await t.api.send(UPDATE, { ...groupAt(id), body: { name: 'OPINIONS' } });
    expect(same.body.data.name).toBe('OPINIONS');
    const empty = await t.api.error(UPDATE, { ...groupAt(id), body: { name: '' } });
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['name']);
  });

  it('deletes a group and keeps its prompts', async () => {
    const group = await t.api.send(CREATE, { ...at(), body: { name: 'G' } });
    await t.api.send('POST /api/projects/{project}/prompts', {
      ...at(),
      body: { prompts: ['stays'], group_ids: [group.body.data.id] },
    });
    const res = await t.api.send(DELETE, groupAt(group.body.data.id));
    expect(res.body).toEqual({ message: expect.any(String), deleted: 1, ids: [group.body.data.id] });
    expect((await t.api.send(GROUPS, at())).body.data).toEqual([]);
    const prompts = await t.api.send('GET /api/projects/{project}/prompts', at());
    expect(prompts.body.data.map((p) => [p.value, p.groups])).toEqual([['stays', []]]);
    expect((await t.api.error(DELETE, groupAt(group.body.data.id))).status).toBe(404);
  });

  it('needs the right to modify: 403 for a viewer', async () => {
    const group = await t.api.send(CREATE, { ...at(), body: { name: 'G' } });
    const viewer = await t.otherUser();
    await shareProject(t.engine.ctx, project, viewer.id, 'viewer');
    expect((await viewer.api.send(GROUPS, at())).status).toBe(200);
    for (const res of [
      await viewer.api.error(CREATE, { ...at(), body: { name: 'H' } }),
      await viewer.api.error(UPDATE, { ...groupAt(group.body.data.id), body: { is_favourite: true } }),
      await viewer.api.error(DELETE, groupAt(group.body.data.id)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });
});
