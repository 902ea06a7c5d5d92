import { z } from 'zod';
import type { EngineContext } from '../context';
import type { ProjectRow } from '../db/schema';
import { parseInput } from '../validation/parse-input';
import { invalidField, notFound } from '../errors';
import { loadCompetitors } from './competitors';
import { parseList } from './facts';
import { rewriteProjectAggregates } from './aggregates';
import { exclusionsKey } from '../collect/analysis-subject';
import { queueReanalysis, type ReanalysisReason, type ReanalysisView } from '../collect/reanalysis';

/**
 * Extension endpoints that let a user curate competitors: rename, set the type, merge names into
 * one competitor and split them again. Links of answers to competitors are rebuilt from each
 * answer's own `competitors` JSON (the names the analysis found) and the current name → competitor
 * mapping (canonical names and `competitor_members`), so merge and split are exact inverses.
 *
 * A hidden competitor is "not a competitor": its names are excluded from analysis (see
 * collect/analysis-subject.ts). An edit that changes the set of excluded names (hiding,
 * un-hiding, renaming a hidden one, merging into or out of a hidden one, splitting one) queues a
 * re-analysis of the project's answers, so every stored answer loses (or gets back) the name and
 * the brand's position is ranked again; the response carries it as `reanalysis` (else null).
 */

const TYPE = z.enum(['key', 'direct', 'indirect', 'hidden']);
const patchSchema = z.object({ name: z.string().trim().min(1).max(200).optional(), type: TYPE.optional() });
const idsSchema = (field: 'competitor_ids' | 'member_ids') =>
  z.object({ [field]: z.array(z.coerce.number().int().positive()).min(1) });

async function competitorOf(ctx: EngineContext, project: ProjectRow, id: number) {
  const row = await ctx.db
    .selectFrom('competitors')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (!row) throw notFound('Competitor not found.');
  return row;
}

async function competitorBody(
  ctx: EngineContext,
  project: ProjectRow,
  id: number,
  reanalysis: ReanalysisView | null,
) {
  const c = (await loadCompetitors(ctx, project.id, true)).find((r) => r.id === id)!;
  return { data: { id: c.id, name: c.name, type: c.type, members: c.members }, reanalysis };
}

/** Queues a re-analysis when the excluded names differ from `before`; returns it, else null. */
async function reanalyzeIfExclusionsChanged(
  ctx: EngineContext,
  project: ProjectRow,
  before: string,
  reason: ReanalysisReason,
): Promise<ReanalysisView | null> {
  if ((await exclusionsKey(ctx, project.id)) === before) return null;
  return queueReanalysis(ctx, project.id, reason);
}

/** PATCH /api/projects/{project}/competitors/{competitor} {name?, type?} */
export async function updateCompetitor(ctx: EngineContext, project: ProjectRow, id: number, body: unknown) {
  const input = parseInput(patchSchema, body);
  const current = await competitorOf(ctx, project, id);
  const before = await exclusionsKey(ctx, project.id);
  if (input.name !== undefined && input.name !== current.name) {
    const clash = await ctx.db
      .selectFrom('competitors')
      .select('id')
      .where('project_id', '=', project.id)
      .where('id', '!=', id)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', input.name!.toLowerCase()))
      .executeTakeFirst();
    if (clash) throw invalidField('name', 'Another competitor already has this name; merge them instead.');
  }
  if (input.name !== undefined || input.type !== undefined) {
    await ctx.db
      .updateTable('competitors')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.type ? { type: input.type } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
  // The old name stays a member: answers (past and future) naming it still count for this one.
  if (input.name !== undefined && input.name.toLowerCase() !== current.name.toLowerCase()) {
    const known = await ctx.db
      .selectFrom('competitor_members')
      .select('id')
      .where('competitor_id', '=', id)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', current.name.toLowerCase()))
      .executeTakeFirst();
    if (!known)
      await ctx.db
        .insertInto('competitor_members')
        .values({ competitor_id: id, name: current.name })
        .execute();
  }
  const reason: ReanalysisReason =
    input.type === 'hidden' && current.type !== 'hidden'
      ? 'competitor_hidden'
      : input.type !== undefined && input.type !== 'hidden' && current.type === 'hidden'
        ? 'competitor_restored'
        : 'competitors_changed';
  return competitorBody(ctx, project, id, await reanalyzeIfExclusionsChanged(ctx, project, before, reason));
}

/** POST .../{competitor}/merge {competitor_ids}: the others become members of this one. */
export async function mergeCompetitors(ctx: EngineContext, project: ProjectRow, id: number, body: unknown) {
  const { competitor_ids } = parseInput(idsSchema('competitor_ids'), body) as { competitor_ids: number[] };
  const target = await competitorOf(ctx, project, id);
  const others: Array<{ id: number; name: string }> = [];
  for (const [i, otherId] of competitor_ids.entries()) {
    const row = await ctx.db
      .selectFrom('competitors')
      .selectAll()
      .where('id', '=', otherId)
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    if (!row || otherId === target.id)
      throw invalidField(`competitor_ids.${i}`, `The selected competitor_ids.${i} is invalid.`);
    others.push(row);
  }
  const otherIds = others.map((o) => o.id);
  const before = await exclusionsKey(ctx, project.id);
  const affected = await linkedAnswers(ctx, [target.id, ...otherIds]);
  await ctx.db.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom('competitor_members')
      .select('name')
      .where('competitor_id', 'in', otherIds)
      .execute();
    const names = [...others.map((o) => o.name), ...members.map((m) => m.name)];
    await trx.deleteFrom('competitor_members').where('competitor_id', 'in', otherIds).execute();
    await trx
      .insertInto('competitor_members')
      .values(names.map((name) => ({ competitor_id: target.id, name })))
      .execute();
    await trx.deleteFrom('answer_competitors').where('competitor_id', 'in', otherIds).execute();
    await trx.deleteFrom('competitors').where('id', 'in', otherIds).execute();
  });
  await relinkAnswers(ctx, project.id, affected);
  await rewriteProjectAggregates(ctx, project.id);
  const reanalysis = await reanalyzeIfExclusionsChanged(ctx, project, before, 'competitors_changed');
  return competitorBody(ctx, project, target.id, reanalysis);
}

/** POST .../{competitor}/split {member_ids}: the members become competitors of their own again. */
export async function splitCompetitor(ctx: EngineContext, project: ProjectRow, id: number, body: unknown) {
  const { member_ids } = parseInput(idsSchema('member_ids'), body) as { member_ids: number[] };
  const target = await competitorOf(ctx, project, id);
  const members = await ctx.db
    .selectFrom('competitor_members')
    .select(['id', 'name'])
    .where('competitor_id', '=', target.id)
    .execute();
  const chosen = member_ids.map((mid, i) => {
    const m = members.find((r) => r.id === mid);
    if (!m) throw invalidField(`member_ids.${i}`, `The selected member_ids.${i} is invalid.`);
    return m;
  });
  const before = await exclusionsKey(ctx, project.id);
  const affected = await linkedAnswers(ctx, [target.id]);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('competitor_members')
      .where(
        'id',
        'in',
        chosen.map((m) => m.id),
      )
      .execute();
    for (const m of chosen) {
      await trx
        .insertInto('competitors')
        .values({
          project_id: project.id,
          name: m.name,
          type: target.type === 'hidden' ? 'direct' : target.type,
          created_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  await relinkAnswers(ctx, project.id, affected);
  await rewriteProjectAggregates(ctx, project.id);
  const reanalysis = await reanalyzeIfExclusionsChanged(ctx, project, before, 'competitors_changed');
  return competitorBody(ctx, project, target.id, reanalysis);
}

async function linkedAnswers(ctx: EngineContext, competitorIds: number[]): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('answer_competitors')
    .select('answer_id')
    .distinct()
    .where('competitor_id', 'in', competitorIds)
    .execute();
  return rows.map((r) => r.answer_id);
}

/**
 * Rebuilds the competitor links of some answers from their `competitors` JSON, the way
 * storeAnswer ranks them: in order of first appearance, skipping the brand's own place.
 */
export async function relinkAnswers(
  ctx: EngineContext,
  projectId: number,
  answerIds: number[],
): Promise<void> {
  if (!answerIds.length) return;
  const all = await loadCompetitors(ctx, projectId, true);
  const byName = new Map<string, number>();
  for (const c of all) {
    byName.set(c.name.toLowerCase(), c.id);
    for (const m of c.members) if (!byName.has(m.name.toLowerCase())) byName.set(m.name.toLowerCase(), c.id);
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < answerIds.length; i += 500) {
      const chunk = answerIds.slice(i, i + 500);
      const answers = await trx
        .selectFrom('answers')
        .select(['id', 'competitors', 'mention_position'])
        .where('id', 'in', chunk)
        .execute();
      await trx.deleteFrom('answer_competitors').where('answer_id', 'in', chunk).execute();
      const links: Array<{ answer_id: number; competitor_id: number; position: number }> = [];
      for (const a of answers) {
        const ids: number[] = [];
        for (const name of parseList(a.competitors)) {
          const cid = byName.get(name.trim().toLowerCase());
          if (cid !== undefined && !ids.includes(cid)) ids.push(cid);
        }
        let rank = 0;
        for (const competitor_id of ids) {
          rank++;
          if (a.mention_position !== null && rank === a.mention_position) rank++;
          links.push({ answer_id: a.id, competitor_id, position: rank });
        }
      }
      for (let j = 0; j < links.length; j += 300)
        await trx
          .insertInto('answer_competitors')
          .values(links.slice(j, j + 300))
          .execute();
    }
  });
}
