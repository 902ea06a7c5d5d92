import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { Mention, Presence, Tone, VisibilityMove } from '../../../src-shared/enums';
import type { Dynamic } from '../../../src-shared/api/analytics';
import type { Scope } from './filters';

/**
 * Where the parsed filters (filters.ts) apply, written once: as Kysely conditions over the
 * `answers` table for the builders that count answers (stats, facts, sources), and as predicates
 * over a prompt's counts at the last update for the answers tabs, which filter whole prompts.
 * Both forms read `mention` the same way: `has` the brand is named, `not` it is not,
 * `has_source` the project's site is among the sources (api-spec.md "Enum values").
 *
 * The conditions name `answers.*`, so they fit any query that reads `answers` under its own
 * name, joined or not.
 */

const answers = expressionBuilder<Database, 'answers'>();

/** `mention` / `mention_filter` on one answer. */
export function answerMention(mention: Mention): Expression<SqlBool> {
  switch (mention) {
    case 'has':
      return answers('answers.mention', '=', 1);
    case 'not':
      return answers('answers.mention', '=', 0);
    case 'has_source':
      return answers('answers.site_mentioned', '=', 1);
  }
}

export interface ScopeAnswers {
  /** The updates read. */
  runIds: number[];
  /** The networks read; the scope's selected networks by default. */
  neuralIds?: number[];
  /** The answer-level mention filter (sources' `mention_filter`); none by default. */
  mention?: Mention;
}

/**
 * The answers a scope stands for at some updates: the selected networks, the prompts under the
 * prompt-level filters and, when given, the answer-level mention. With every prompt in scope no
 * prompt condition is written (SQLite then keeps to the update index).
 */
export function scopeAnswers(
  scope: Scope,
  { runIds, neuralIds, mention }: ScopeAnswers,
): Expression<SqlBool> {
  const conditions: Array<Expression<SqlBool>> = [
    answers('answers.run_id', 'in', runIds),
    answers('answers.neural_id', 'in', neuralIds ?? scope.neurals.map((n) => n.id)),
  ];
  if (!scope.allPrompts)
    conditions.push(
      answers(
        'answers.prompt_id',
        'in',
        scope.prompts.map((p) => p.id),
      ),
    );
  if (mention) conditions.push(answerMention(mention));
  return answers.and(conditions);
}

/**
 * A prompt's answers at the last update of the period, over the selected networks: how many name
 * the brand, cite the site, and (where tones are read) name the brand in each tone.
 */
export type PromptAtLast = { mentions: number; site_mentions: number } & Partial<Record<Tone, number>>;

export interface PromptFilters {
  mention?: Mention;
  tone?: Tone;
  visibility?: VisibilityMove;
}

/**
 * The answers tabs' prompt filters: `mention` and `tone` at the last update (a prompt with no
 * answer there has none of them), `visibility` on the movement between the last two updates.
 */
export function keepsPrompt(
  filters: PromptFilters,
  at: PromptAtLast | undefined,
  dynamic: Dynamic | null,
): boolean {
  const mentions = at?.mentions ?? 0;
  if (filters.mention === 'has' && !mentions) return false;
  if (filters.mention === 'not' && mentions) return false;
  if (filters.mention === 'has_source' && !at?.site_mentions) return false;
  if (filters.tone && !at?.[filters.tone]) return false;
  if (filters.visibility && dynamic !== filters.visibility) return false;
  return true;
}

/** The comparison's `presence` filter on the answer at the later snapshot (undefined: none). */
export function keepsPresence(
  presence: Presence | undefined,
  after: { mention: number; site_mentioned: number } | undefined,
): boolean {
  switch (presence) {
    case 'brand_has':
      return after?.mention === 1;
    case 'brand_not':
      return after?.mention !== 1;
    case 'site_has':
      return after?.site_mentioned === 1;
    case 'site_not':
      return after?.site_mentioned !== 1;
    default:
      return true;
  }
}
