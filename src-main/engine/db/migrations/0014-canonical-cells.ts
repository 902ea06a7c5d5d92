import type { Kysely } from 'kysely';

/**
 * The history cells (`agg_update_prompt.cells`, migration 0005) in the text JSON.stringify gives
 * them (issue 14: analytics speed). The summary and answers/history write a prompt's cells as they
 * are stored whenever every stored network is selected, instead of parsing and writing them again;
 * that needs the stored text to be the response's text byte for byte: compact, networks in
 * ascending id order (JSON.parse puts integer keys first, ascending), list entries as strings.
 * SQLite's `json_group_object` wrote that text already; PostgreSQL's `json_object_agg` puts spaces
 * around keys and values. From now on the engine writes it so (analytics/aggregates.ts); this
 * rewrites the rows written before, run by run. A row already in that form is left as it is.
 *
 * Frozen in time: imports nothing of the engine (the form is the engine's `canonicalCellsText`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const runs: { run_id: number }[] = await db
    .selectFrom('agg_update_prompt')
    .select('run_id')
    .distinct()
    .execute();
  for (const { run_id } of runs) {
    const rows: { prompt_id: number; cells: string }[] = await db
      .selectFrom('agg_update_prompt')
      .select(['prompt_id', 'cells'])
      .where('run_id', '=', run_id)
      .execute();
    for (const row of rows) {
      const text = canonical(row.cells);
      if (text !== row.cells)
        await db
          .updateTable('agg_update_prompt')
          .set({ cells: text })
          .where('run_id', '=', run_id)
          .where('prompt_id', '=', row.prompt_id)
          .execute();
    }
  }
}

function canonical(text: string): string {
  const cells = JSON.parse(text) as Record<string, { occurrences: unknown[]; competitors: unknown[] }>;
  for (const cell of Object.values(cells)) {
    cell.occurrences = cell.occurrences.map(String);
    cell.competitors = cell.competitors.map(String);
  }
  return JSON.stringify(cells);
}
