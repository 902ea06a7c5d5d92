import type { Kysely } from 'kysely';

/**
 * Issue 13 "Trust in the numbers":
 *
 * - `answers.input_tokens`, `answers.output_tokens`: the token usage the provider reported for the
 *   answer (null when it reports none, e.g. the demo network), the base of the spend per network.
 * - `projects.alerts`: JSON `{event, desktop, email}` booleans, which channels tell the analyst of a
 *   significant change after a run; null means the defaults (event and desktop on, e-mail off).
 *
 * Frozen in time: imports nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('answers').addColumn('input_tokens', 'integer').execute();
  await db.schema.alterTable('answers').addColumn('output_tokens', 'integer').execute();
  await db.schema.alterTable('projects').addColumn('alerts', 'text').execute();
}
