import { sql, type Kysely } from 'kysely';

/**
 * Alerts told once per run (issue 13): `parse_runs.alerted_at` is set in the same transaction
 * that stores a run's `significant_change` events and queues its alert e-mail, so a completion
 * resumed after a crash tells nothing twice. Runs that ended before this migration count as
 * told: a resumed job of an old run never alerts late.
 *
 * Frozen in time: imports nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('parse_runs').addColumn('alerted_at', 'text').execute();
  await db
    .updateTable('parse_runs')
    .set({ alerted_at: sql`coalesce(finished_at, created_at)` })
    .where('status', 'in', ['completed', 'failed'])
    .execute();
}
