import type { Kysely } from 'kysely';
import type { EngineContext } from '../context';
import type { Database, UserRow } from '../db/schema';
import { loadProject } from '../access/project-access';
import { notFound, validationError } from '../errors';
import { findOrCreateGroup, listGroups } from '../groups/groups.service';
import { isoMicro } from '../../../src-shared/time';
import type { AddPromptsResponse, Prompt, PromptInput } from '../../../src-shared/api/core';

/** Whitespace is trimmed and collapsed; duplicates compare case-insensitively on this form. */
export const cleanPrompt = (value: string) => value.replace(/\s+/g, ' ').trim();
export const promptKey = (value: string) => cleanPrompt(value).toLocaleLowerCase();

export async function listPrompts(ctx: EngineContext, user: UserRow, projectId: number): Promise<Prompt[]> {
  await loadProject(ctx, user, projectId, 'read');
  return promptsWithGroups(ctx.db, projectId);
}

/** Live prompts (not in the trash) with their groups, oldest first; `ids` narrows the list. */
export async function promptsWithGroups(
  db: Kysely<Database>,
  projectId: number,
  ids?: number[],
): Promise<Prompt[]> {
  if (ids && !ids.length) return [];
  const prompts = await db
    .selectFrom('prompts')
    .select(['id', 'value', 'created_at'])
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('prompt_group_links as l')
    .innerJoin('prompt_groups as g', 'g.id', 'l.group_id')
    .select(['l.prompt_id', 'g.id', 'g.name'])
    .where('g.project_id', '=', projectId)
    .orderBy('g.id')
    .execute();
  return prompts.map((p) => ({
    id: p.id,
    value: p.value,
    groups: links.filter((l) => l.prompt_id === p.id).map((l) => ({ id: l.id, value: l.name })),
    created_at: isoMicro(new Date(p.created_at)),
  }));
}

/**
 * Adds prompts without touching saved ones (api-spec.md "POST prompts"). A prompt equal to a
 * live one (trimmed, case-insensitive) is not created again; when the request gives it groups
 * it does not have yet, they are attached (`attached_count`), otherwise it is skipped
 * (`skipped_count`, as are empty strings). Group ids must belong to the project. `created`: at
 * least one prompt is new (the route answers 201 then, else 200).
 */
export async function addPrompts(
  ctx: EngineContext,
  user: UserRow,
  projectId: number,
  input: { prompts: PromptInput[]; group_ids?: number[] },
): Promise<{ created: boolean; body: AddPromptsResponse }> {
  await loadProject(ctx, user, projectId, 'modify');
  await checkGroupIds(ctx, projectId, input);

  const now = ctx.clock.now().toISOString();
  const counts = { created: 0, attached: 0, skipped: 0 };
  const touched = new Set<number>();
  await ctx.db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom('prompts')
      .select(['id', 'value'])
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .execute();
    const byKey = new Map(live.map((p) => [promptKey(p.value), p.id]));
    for (const item of input.prompts) {
      const entry = typeof item === 'string' ? { value: item } : item;
      const value = cleanPrompt(entry.value);
      if (!value) {
        counts.skipped++;
        continue;
      }
      const groupIds = new Set([...(input.group_ids ?? []), ...(entry.group_ids ?? [])]);
      if (entry.group_name?.trim())
        groupIds.add(await findOrCreateGroup(trx, projectId, entry.group_name, now));
      let promptId = byKey.get(promptKey(value));
      const isNew = promptId === undefined;
      if (promptId === undefined) {
        promptId = (
          await trx
            .insertInto('prompts')
            .values({ project_id: projectId, value, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        byKey.set(promptKey(value), promptId);
      }
      const newGroups = await linkNewGroups(trx, promptId, groupIds);
      if (isNew) counts.created++;
      else if (newGroups) counts.attached++;
      else counts.skipped++;
      if (isNew || newGroups) touched.add(promptId);
    }
  });
  return {
    created: counts.created > 0,
    body: {
      message: addedMessage(counts),
      data: {
        prompts: await promptsWithGroups(ctx.db, projectId, [...touched]),
        groups: await listGroups(ctx.db, projectId),
        created_count: counts.created,
        attached_count: counts.attached,
        skipped_count: counts.skipped,
      },
    },
  };
}

/** 422 when a group id, for all prompts or for one, is not one of the project's groups. */
async function checkGroupIds(
  ctx: EngineContext,
  projectId: number,
  input: { prompts: PromptInput[]; group_ids?: number[] },
): Promise<void> {
  const known = new Set(
    (await ctx.db.selectFrom('prompt_groups').select('id').where('project_id', '=', projectId).execute()).map(
      (g) => g.id,
    ),
  );
  const errors: Record<string, string[]> = {};
  const checkIds = (ids: number[] | undefined, path: string) =>
    ids?.forEach((id, j) => {
      if (!known.has(id)) errors[`${path}.${j}`] = ['The selected group does not belong to the project.'];
    });
  checkIds(input.group_ids, 'group_ids');
  input.prompts.forEach((p, i) => typeof p === 'object' && checkIds(p.group_ids, `prompts.${i}.group_ids`));
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Links the prompt to the groups of `groupIds` it is not in yet; returns how many it got. */
async function linkNewGroups(
  trx: Kysely<Database>,
  promptId: number,
  groupIds: Set<number>,
): Promise<number> {
  const linked = new Set(
    (
      await trx
        .selectFrom('prompt_group_links')
        .select('group_id')
        .where('prompt_id', '=', promptId)
        .execute()
    ).map((l) => l.group_id),
  );
  const missing = [...groupIds].filter((g) => !linked.has(g));
  if (missing.length)
    await trx
      .insertInto('prompt_group_links')
      .values(missing.map((group_id) => ({ prompt_id: promptId, group_id })))
      .execute();
  return missing.length;
}

function addedMessage(c: { created: number; attached: number; skipped: number }): string {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `${n(c.created, 'prompt')} added, ${c.attached} given new groups, ${c.skipped} skipped.`;
}

/**
 * Soft delete (api-spec.md "DELETE prompts"): the prompt goes to the trash with its links and
 * answers kept, so analytics simply stop counting it and a restore brings everything back.
 */
export async function deletePrompt(ctx: EngineContext, user: UserRow, projectId: number, promptId: number) {
  await loadProject(ctx, user, projectId, 'modify');
  const result = await ctx.db
    .updateTable('prompts')
    .set({ deleted_at: ctx.clock.now().toISOString() })
    .where('id', '=', promptId)
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!Number(result.numUpdatedRows)) throw notFound('Prompt not found.');
  return { message: 'Prompt moved to the trash.', deleted: 1, ids: [promptId] };
}
