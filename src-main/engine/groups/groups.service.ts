import type { Kysely } from 'kysely';
import type { EngineContext } from '../context';
import type { Database, UserRow } from '../db/schema';
import { bit, bool } from '../db/connection';
import { loadProject } from '../access/project-access';
import { invalidField, notFound } from '../errors';
import type { PromptGroup } from '../../../src-shared/api/core';

/** Groups of a project with the number of live prompts (not those in the trash) in each. */
export async function listGroups(db: Kysely<Database>, projectId: number): Promise<PromptGroup[]> {
  const rows = await db
    .selectFrom('prompt_groups as g')
    .leftJoin('prompt_group_links as l', 'l.group_id', 'g.id')
    .leftJoin('prompts as p', (join) => join.onRef('p.id', '=', 'l.prompt_id').on('p.deleted_at', 'is', null))
    .select(['g.id', 'g.name', 'g.is_favourite', (eb) => eb.fn.count<number>('p.id').as('prompts_count')])
    .where('g.project_id', '=', projectId)
    .groupBy('g.id')
    .orderBy('g.id')
    .execute();
  return rows.map(toGroup);
}

export async function getGroups(ctx: EngineContext, user: UserRow, projectId: number) {
  await loadProject(ctx, user, projectId, 'read');
  return listGroups(ctx.db, projectId);
}

/** Finds a group by name (trimmed, case-insensitive) or creates it: `group_name` and drafts use this. */
export async function findOrCreateGroup(
  db: Kysely<Database>,
  projectId: number,
  name: string,
  now: string,
): Promise<number> {
  const wanted = name.trim();
  const groups = await db
    .selectFrom('prompt_groups')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  const found = groups.find((g) => sameName(g.name, wanted));
  if (found) return found.id;
  const row = await db
    .insertInto('prompt_groups')
    .values({ project_id: projectId, name: wanted, is_favourite: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createGroup(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  input: { name: string; is_favourite?: boolean },
): Promise<PromptGroup> {
  await loadProject(ctx, user, projectId, 'modify');
  await assertNameFree(ctx.db, projectId, input.name);
  const row = await ctx.db
    .insertInto('prompt_groups')
    .values({
      project_id: projectId,
      name: input.name.trim(),
      is_favourite: bit(input.is_favourite),
      created_at: ctx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return groupById(ctx.db, projectId, row.id);
}

export async function updateGroup(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  groupId: number,
  input: { name?: string; is_favourite?: boolean },
): Promise<PromptGroup> {
  await loadProject(ctx, user, projectId, 'modify');
  await groupById(ctx.db, projectId, groupId);
  if (input.name !== undefined) await assertNameFree(ctx.db, projectId, input.name, groupId);
  await ctx.db
    .updateTable('prompt_groups')
    .set({
      ...(input.name !== undefined && { name: input.name.trim() }),
      ...(input.is_favourite !== undefined && { is_favourite: bit(input.is_favourite) }),
    })
    .where('id', '=', groupId)
    .execute();
  return groupById(ctx.db, projectId, groupId);
}

/** Deletes a group and its links; its prompts stay in the project, ungrouped if it was their only group. */
export async function deleteGroup(ctx: EngineContext, user: UserRow, projectId: number, groupId: number) {
  await loadProject(ctx, user, projectId, 'modify');
  await groupById(ctx.db, projectId, groupId);
  await ctx.db.deleteFrom('prompt_groups').where('id', '=', groupId).execute();
  return { message: 'Group deleted; its prompts stay in the project.', deleted: 1, ids: [groupId] };
}

async function groupById(db: Kysely<Database>, projectId: number, groupId: number): Promise<PromptGroup> {
  const group = (await listGroups(db, projectId)).find((g) => g.id === groupId);
  if (!group) throw notFound('Group not found.');
  return group;
}

async function assertNameFree(db: Kysely<Database>, projectId: number, name: string, exceptId?: number) {
  const groups = await db
    .selectFrom('prompt_groups')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  if (groups.some((g) => g.id !== exceptId && sameName(g.name, name)))
    throw invalidField('name', 'A group with this name already exists in the project.');
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export const toGroup = (g: {
  id: number;
  name: string;
  is_favourite: number;
  prompts_count: number | string | bigint;
}): PromptGroup => ({
  id: g.id,
  name: g.name,
  is_favourite: bool(g.is_favourite),
  prompts_count: Number(g.prompts_count),
});
