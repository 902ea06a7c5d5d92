import type { Kysely } from 'kysely';

/**
 * Each update's competitor mentions summed over its networks (issue 14: analytics speed), one row
 * per update: `counts` is a JSON object competitor id → answers naming it. The summary and the
 * competitors tab chart every update of the period over every network (the default selection);
 * summing agg_update_competitor's (update, network, competitor) rows for that at each request was
 * the slowest read of their second round (a hash aggregate of 15,000 rows, ~6 ms on PostgreSQL
 * at a year of 500 prompts × 6 networks). Written with the other aggregates of a run
 * (analytics/aggregates.ts), so a new run, a re-analysis or a competitor merge rewrites it; this
 * fills it for the updates aggregated before, from agg_update_competitor.
 *
 * Frozen in time: imports nothing of the engine.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agg_update_competitor_totals')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull().references('parse_runs.id').onDelete('cascade'))
    .addColumn('counts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agg_update_competitor_totals_pk', ['project_id', 'run_id'])
    .execute();
  // Every aggregated update (agg_update_neural has a row per network that answered), with `{}`
  // when no answer of it named a competitor.
  const runs: { project_id: number; run_id: number }[] = await db
    .selectFrom('agg_update_neural')
    .select(['project_id', 'run_id'])
    .distinct()
    .orderBy('run_id')
    .execute();
  for (const { project_id, run_id } of runs) {
    const rows = await db
      .selectFrom('agg_update_competitor')
      .select((eb) => ['competitor_id', eb.fn.sum('mentions').as('mentions')])
      .where('run_id', '=', run_id)
      .groupBy('competitor_id')
      .execute();
    const counts: Record<string, number> = {};
    for (const r of rows) counts[String(r.competitor_id)] = Number(r.mentions);
    await db
      .insertInto('agg_update_competitor_totals')
      .values({ project_id, run_id, counts: JSON.stringify(counts) })
      .execute();
  }
}
