import type { EngineContext } from '../context';
import type { Scope, Update } from './filters';
import { changeTest, testOf, wilsonPercent, type ChangeTest, type PairOutcome } from './change-test';
import { pct, round2 } from './stats';

/**
 * Reads the answers of two updates as (prompt, network) pairs for the change tests of
 * change-test.ts. A pair takes part when its answer is counted at both updates (decisions.md §5:
 * answers with data, plus those without when `count_empty_answers` is on); an answer without data
 * names no brand. Visibility before and after is over every answer counted at each update, the
 * figure the charts show, so the test and the delta beside it describe the same numbers.
 */

interface Outcome {
  counted: boolean;
  mention: boolean;
  competitors: Set<number>;
}

export interface PairedUpdates {
  before: Map<string, Outcome>;
  after: Map<string, Outcome>;
}

const NO_CHANGE: ChangeTest = testOf(0, 0, 0);
/** Answer ids per query: well under SQLite's bound-parameter limit. */
const ANSWERS_PER_QUERY = 5000;

/** Answers of two updates over the scope's prompts and the given networks. */
export async function loadPairedUpdates(
  ctx: EngineContext,
  scope: Scope,
  before: Update | undefined,
  after: Update | undefined,
  neuralIds: number[],
  withCompetitors: boolean,
): Promise<PairedUpdates> {
  const out: PairedUpdates = { before: new Map(), after: new Map() };
  if (!before || !after || !neuralIds.length || !scope.prompts.length) return out;
  const runIds = before.id === after.id ? [after.id] : [before.id, after.id];
  const promptIds = scope.prompts.map((p) => p.id);
  const answers = await ctx.db
    .selectFrom('answers')
    .select(['id', 'run_id', 'prompt_id', 'neural_id', 'has_data', 'mention'])
    .where('run_id', 'in', runIds)
    .where('neural_id', 'in', neuralIds)
    .$if(!scope.allPrompts, (q) => q.where('prompt_id', 'in', promptIds))
    .execute();
  // By answer id through the table's primary key: a join from the runs' answers let SQLite
  // start from the competitor side on large projects.
  const named: Array<{ answer_id: number; competitor_id: number }> = [];
  if (withCompetitors)
    for (let at = 0; at < answers.length; at += ANSWERS_PER_QUERY)
      named.push(
        ...(await ctx.db
          .selectFrom('answer_competitors')
          .select(['answer_id', 'competitor_id'])
          .where(
            'answer_id',
            'in',
            answers.slice(at, at + ANSWERS_PER_QUERY).map((a) => a.id),
          )
          .execute()),
      );
  const competitorsOf = new Map<number, Set<number>>();
  for (const n of named)
    (competitorsOf.get(n.answer_id) ?? competitorsOf.set(n.answer_id, new Set()).get(n.answer_id)!).add(
      n.competitor_id,
    );
  for (const a of answers) {
    const outcome: Outcome = {
      counted: a.has_data === 1 || scope.countEmpty,
      mention: a.mention === 1,
      competitors: competitorsOf.get(a.id) ?? new Set(),
    };
    const key = `${a.prompt_id}|${a.neural_id}`;
    if (a.run_id === before.id) out.before.set(key, outcome);
    if (a.run_id === after.id) out.after.set(key, outcome);
  }
  // One update compared with itself has no pair: nothing was asked again.
  if (before.id === after.id) out.before = new Map();
  return out;
}

/** The McNemar test of one brand (`own` or a competitor id) over the pairs of two updates. */
export function brandChangeTest(paired: PairedUpdates, brand: number | 'own'): ChangeTest {
  const named = (o: Outcome) => (brand === 'own' ? o.mention : o.competitors.has(brand));
  const pairs: PairOutcome[] = [];
  for (const [key, b] of paired.before) {
    const a = paired.after.get(key);
    if (!a || !a.counted || !b.counted) continue;
    pairs.push({ before: named(b), after: named(a) });
  }
  return pairs.length ? changeTest(pairs) : NO_CHANGE;
}

/**
 * Tests of every brand at once, keyed `own` or competitor id: one pass over the pairs, counting
 * for each pair only the competitors that differ between its two answers (a handful), instead of
 * one pass per competitor.
 */
export function brandChangeTests(
  paired: PairedUpdates,
  competitorIds: number[],
): Map<number | 'own', ChangeTest> {
  const wanted = new Set(competitorIds);
  const gained = new Map<number, number>();
  const lost = new Map<number, number>();
  const bump = (m: Map<number, number>, id: number) => m.set(id, (m.get(id) ?? 0) + 1);
  let pairs = 0;
  for (const [key, b] of paired.before) {
    const a = paired.after.get(key);
    if (!a || !a.counted || !b.counted) continue;
    pairs++;
    for (const id of a.competitors) if (!b.competitors.has(id) && wanted.has(id)) bump(gained, id);
    for (const id of b.competitors) if (!a.competitors.has(id) && wanted.has(id)) bump(lost, id);
  }
  const out = new Map<number | 'own', ChangeTest>();
  out.set('own', brandChangeTest(paired, 'own'));
  for (const id of competitorIds)
    out.set(id, pairs ? testOf(pairs, gained.get(id) ?? 0, lost.get(id) ?? 0) : noChange());
  return out;
}

export const noChange = (): ChangeTest => ({ ...NO_CHANGE });

/** Visibility and its Wilson interval over every answer counted in one update. */
function visibilityAt(outcomes: Map<string, Outcome>) {
  let counted = 0;
  let named = 0;
  for (const o of outcomes.values()) {
    if (!o.counted) continue;
    counted++;
    if (o.mention) named++;
  }
  return { value: pct(named, counted), ci: wilsonPercent(named, counted) };
}

/** summary `data.updateStats.visibility_change`: the brand between two updates; null under two. */
export function visibilityChange(
  paired: PairedUpdates,
  before: Update | undefined,
  after: Update | undefined,
) {
  if (!before || !after || before.id === after.id) return null;
  const b = visibilityAt(paired.before);
  const a = visibilityAt(paired.after);
  return {
    date1: before.date,
    date2: after.date,
    before: b.value,
    after: a.value,
    delta: round2(a.value - b.value),
    ci_before: b.ci,
    ci_after: a.ci,
    ...brandChangeTest(paired, 'own'),
  };
}
