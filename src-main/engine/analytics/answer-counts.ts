import { sql, type RawBuilder } from 'kysely';
import { sqlFor, type AnyKysely } from '../db/dialect';

/**
 * The one metric select of analytics: what each count over a group of answers means
 * (decisions.md §5: tones count only answers naming the brand; `mentions_with_data` is the
 * visibility numerator when empty answers are not counted). The aggregates written when a run
 * completes (aggregates.ts) and the direct reads of the answers under a prompt-level filter
 * (stats.ts, facts.ts) select the same expressions, so both paths give the same numbers.
 */

export type CountName =
  | 'answers'
  | 'with_data'
  | 'mentions'
  | 'mentions_with_data'
  | 'site_mentions'
  | 'positive'
  | 'neutral'
  | 'negative';

/** Per update and network (agg_update_neural), in its column order. */
export const NEURAL_COUNTS = [
  'answers',
  'with_data',
  'mentions',
  'positive',
  'neutral',
  'negative',
  'site_mentions',
] as const satisfies readonly CountName[];

/** Per update and prompt (agg_update_prompt), in its column order. */
export const PROMPT_COUNTS = [
  'answers',
  'with_data',
  'mentions',
  'mentions_with_data',
  'site_mentions',
  'positive',
  'neutral',
  'negative',
] as const satisfies readonly CountName[];

function countExpressions(db: AnyKysely): Record<CountName, RawBuilder<number>> {
  const f = sqlFor(db);
  return {
    answers: sql<number>`count(*)`,
    with_data: f.countWhere(sql`has_data = 1`),
    mentions: f.countWhere(sql`mention = 1`),
    mentions_with_data: f.countWhere(sql`mention = 1 and has_data = 1`),
    site_mentions: f.countWhere(sql`site_mentioned = 1`),
    positive: f.countWhere(sql`mention = 1 and tone = 'positive'`),
    neutral: f.countWhere(sql`mention = 1 and tone = 'neutral'`),
    negative: f.countWhere(sql`mention = 1 and tone = 'negative'`),
  };
}

/** The counts as Kysely selections: `.select([...keys, ...countSelections(db, NEURAL_COUNTS)])`. */
export function countSelections<N extends CountName>(db: AnyKysely, names: readonly N[]) {
  const expressions = countExpressions(db);
  return names.map((name) => expressions[name].as(name));
}

/** The counts as a column list of a raw SQL select (`count(*) as answers, …`). */
export function countColumns(db: AnyKysely, names: readonly CountName[]) {
  const expressions = countExpressions(db);
  return sql.join(names.map((name) => sql`${expressions[name]} as ${sql.ref(name)}`));
}

/** The count columns by name, for an insert's column list or a read of the stored counts. */
export const countRefs = (names: readonly CountName[]) => sql.join(names.map((name) => sql.ref(name)));
