import { sql, type Selectable } from 'kysely';
import type { AggUpdatePromptTable } from '../db/schema';
import type { EngineContext } from '../context';
import { toNeuralStat } from './stats';
import { sqlFor } from '../db/dialect';
import { brandCellsJson, canonicalCellsText, mentionNeuralsJson, siteCellsJson } from './facts';
import { countColumns, countSelections, NEURAL_COUNTS, PROMPT_COUNTS } from './answer-counts';

/**
 * Writes the per-update aggregates of one run (migrations 0003, 0005, 0006 and 0015): counts per
 * network, per competitor (and summed over the networks) and per cited domain, and each prompt's
 * history cells and site cells. Called when a run completes (and by the seeding helper).
 * Idempotent: the run's aggregate rows are replaced, so calling it twice, or again after a
 * competitor merge or split, leaves the same rows. Deleted prompts are counted as they were
 * answered; the analytics read the answers directly while a project has deleted prompts.
 * Long (about 100 lines) on purpose: one transaction, one statement per aggregate table in table
 * order, each a few lines; splitting it would only pass the transaction around.
 */
export async function writeUpdateAggregates(ctx: EngineContext, runId: number): Promise<void> {
  const run = await ctx.db
    .selectFrom('parse_runs')
    .select(['id', 'project_id'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!run) return;
  const projectId = run.project_id;
  const f = sqlFor(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('agg_update_neural').where('run_id', '=', runId).execute();
    await trx.deleteFrom('agg_update_competitor').where('run_id', '=', runId).execute();
    await trx.deleteFrom('agg_update_competitor_totals').where('run_id', '=', runId).execute();
    await trx.deleteFrom('agg_update_domain').where('run_id', '=', runId).execute();
    await trx.deleteFrom('agg_update_prompt').where('run_id', '=', runId).execute();
    await trx.deleteFrom('agg_update_prompt_site').where('run_id', '=', runId).execute();

    // Counts and history cells per prompt (migration 0005), counted and built by the database,
    // the cells then put in the text the responses carry (migration 0014), which the database's
    // JSON functions do not give on PostgreSQL (spaces) nor promise on SQLite (the networks'
    // order): read, rewritten here and inserted, a few hundred rows per run.
    const { rows: prompts } = await sql<Omit<Selectable<AggUpdatePromptTable>, 'project_id' | 'run_id'>>`
      select prompt_id, ${countColumns(trx, PROMPT_COUNTS)}, ${brandCellsJson(trx)} as cells
      from answers where run_id = ${runId}
      group by prompt_id`.execute(trx);
    for (let i = 0; i < prompts.length; i += 500) {
      await trx
        .insertInto('agg_update_prompt')
        .values(
          prompts.slice(i, i + 500).map((r) => ({
            ...r,
            project_id: projectId,
            run_id: runId,
            cells: canonicalCellsText(r.cells),
          })),
        )
        .execute();
    }
    // Site cells per prompt (migration 0006): the sources history tab. Each distinct text is kept
    // once in agg_site_cells; the run's rows point at it.
    const siteCells = sql`select prompt_id, ${siteCellsJson(trx)} as cells, ${mentionNeuralsJson(trx)} as mentions
      from answers where run_id = ${runId} group by prompt_id`;
    await f.insertIgnoring('agg_site_cells', ['cells'], sql`select cells from (${siteCells}) s`).execute(trx);
    await sql`
      insert into agg_update_prompt_site (project_id, prompt_id, run_id, cells_id, mentions)
      select ${f.int(projectId)}, s.prompt_id, ${f.int(runId)}, d.id, s.mentions
      from (${siteCells}) s join agg_site_cells d on d.cells = s.cells`.execute(trx);

    const neural = await trx
      .selectFrom('answers')
      .select(['run_id', 'neural_id', ...countSelections(trx, NEURAL_COUNTS)])
      .where('run_id', '=', runId)
      .groupBy(['run_id', 'neural_id'])
      .execute();
    if (neural.length) {
      await trx
        .insertInto('agg_update_neural')
        .values(neural.map((r) => ({ project_id: projectId, ...toNeuralStat(r) })))
        .execute();
    }

    const competitors = await trx
      .selectFrom('answers')
      .innerJoin('answer_competitors as ac', 'ac.answer_id', 'answers.id')
      .select((eb) => ['answers.neural_id', 'ac.competitor_id', eb.fn.countAll<number>().as('mentions')])
      .where('answers.run_id', '=', runId)
      .groupBy(['answers.neural_id', 'ac.competitor_id'])
      .execute();
    for (let i = 0; i < competitors.length; i += 500) {
      await trx
        .insertInto('agg_update_competitor')
        .values(
          competitors.slice(i, i + 500).map((r) => ({
            project_id: projectId,
            run_id: runId,
            neural_id: r.neural_id,
            competitor_id: r.competitor_id,
            mentions: Number(r.mentions),
          })),
        )
        .execute();
    }

    // The same counts summed over the networks (migration 0015): what the period charts read.
    const totals: Record<string, number> = {};
    for (const r of competitors)
      totals[r.competitor_id] = (totals[r.competitor_id] ?? 0) + Number(r.mentions);
    await trx
      .insertInto('agg_update_competitor_totals')
      .values({ project_id: projectId, run_id: runId, counts: JSON.stringify(totals) })
      .execute();

    const domains = await trx
      .selectFrom('answers')
      .innerJoin('answer_urls as u', 'u.answer_id', 'answers.id')
      .select((eb) => ['answers.neural_id', 'u.domain', eb.fn.countAll<number>().as('citations')])
      .where('answers.run_id', '=', runId)
      .groupBy(['answers.neural_id', 'u.domain'])
      .execute();
    for (let i = 0; i < domains.length; i += 500) {
      await trx
        .insertInto('agg_update_domain')
        .values(
          domains.slice(i, i + 500).map((r) => ({
            project_id: projectId,
            run_id: runId,
            neural_id: r.neural_id,
            domain: r.domain,
            citations: Number(r.citations),
          })),
        )
        .execute();
    }
  });
}

/** Rewrites the aggregates of every completed run of a project (after a competitor merge or split). */
export async function rewriteProjectAggregates(ctx: EngineContext, projectId: number): Promise<void> {
  const runs = await ctx.db
    .selectFrom('parse_runs')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', '=', 'completed')
    .execute();
  for (const r of runs) await writeUpdateAggregates(ctx, r.id);
}
