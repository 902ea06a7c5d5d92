import { sql } from 'kysely';
import { sqlFor } from '../db/dialect';
import type { EngineContext } from '../context';
import type { Scope, Update } from './filters';
import { testOf, wilsonPercent, type ChangeTest } from './change-test';
import { pct, round2 } from './stats';
import { competitorTallies } from './paired-competitors';

/**
 * Counts the (prompt, network) pairs of two updates for the change tests of change-test.ts. A
 * pair takes part when its answer is counted at both updates (decisions.md §5: answers with data,
 * plus those without when `count_empty_answers` is on); an answer without data names no brand.
 * Visibility before and after (`visibilityChange`) is over every answer counted at each update,
 * the figure the charts show, so the test and the delta beside it describe the same numbers.
 *
 * The database does the pairing (the unique index on run, prompt, network joins the two updates)
 * and returns one row per brand, so a year-long project's summary stays within its time budget;
 * how each competitor's rows are read differs by dialect (paired-competitors.ts).
 */

/** Pairs that changed, and those naming the brand at both updates. */
export interface PairTally {
  gained: number;
  lost: number;
  both: number;
}

export interface PairedUpdates {
  pairs: number;
  own: PairTally;
  /** Competitor id → tally; a competitor named in no pair is absent (all zero). */
  competitors: Map<number, PairTally>;
}

/** An update's visibility over every answer counted (not only the pairs): the charts' figure. */
export interface Counted {
  counted: number;
  named: number;
}

const NONE: PairTally = { gained: 0, lost: 0, both: 0 };
const empty = (): PairedUpdates => ({
  pairs: 0,
  own: { ...NONE },
  competitors: new Map(),
});

/** Pairs and visibility of two updates over the scope's prompts and the given networks. */
export async function loadPairedUpdates(
  ctx: EngineContext,
  scope: Scope,
  before: Update | undefined,
  after: Update | undefined,
  neuralIds: number[],
  /** Tally the competitors too: all of them, or only those of these ids. */
  withCompetitors: boolean | number[],
): Promise<PairedUpdates> {
  const out = empty();
  if (!before || !after || !neuralIds.length || !scope.prompts.length) return out;
  const f = sqlFor(ctx.db);
  const ce = f.truth(scope.countEmpty);
  const prompts = (alias: string) =>
    scope.allPrompts
      ? sql``
      : sql`and ${sql.ref(`${alias}.prompt_id`)} in (${sql.join(scope.prompts.map((p) => p.id))})`;
  const nets = sql.join(neuralIds);
  // One update compared with itself has no pair: nothing was asked again.
  if (before.id === after.id) return out;

  const pairs = sql`
    select a.id as aid, b.id as bid, a.mention as ma, b.mention as mb
    from answers a
    join answers b on b.run_id = ${after.id} and b.prompt_id = a.prompt_id and b.neural_id = a.neural_id
    where a.run_id = ${before.id} and a.neural_id in (${nets}) ${prompts('a')}
      and (a.has_data = 1 or ${ce}) and (b.has_data = 1 or ${ce})`;
  const ownTally = sql`select null as competitor_id, count(*) as pairs,
      ${f.countWhere(sql`ma = 0 and mb = 1`)} as gained, ${f.countWhere(sql`ma = 1 and mb = 0`)} as lost,
      ${f.countWhere(sql`ma = 1 and mb = 1`)} as "both"
    from p`;
  const competitors =
    withCompetitors === true || (Array.isArray(withCompetitors) && withCompetitors.length > 0);
  const tallies = competitors
    ? competitorTallies(ctx.db, Array.isArray(withCompetitors) ? withCompetitors : null)
    : null;
  // The brand's tally (the row without a competitor, which also counts the pairs) and, when asked,
  // each competitor's (paired-competitors.ts), in one statement over the pairs.
  const rows = await sql<{
    competitor_id: number | null;
    pairs: number;
    gained: number | null;
    lost: number | null;
    both: number | null;
  }>`
    with p as ${competitors ? sql`materialized` : sql``} (${pairs})${tallies?.ctes ?? sql``}
    ${ownTally}
    ${tallies ? sql`union all ${tallies.select}` : sql``}`.execute(ctx.db);
  for (const r of rows.rows) {
    const tally = { gained: Number(r.gained ?? 0), lost: Number(r.lost ?? 0), both: Number(r.both ?? 0) };
    if (r.competitor_id === null) {
      out.pairs = Number(r.pairs ?? 0);
      out.own = tally;
    } else out.competitors.set(r.competitor_id, tally);
  }
  return out;
}

const tallyOf = (paired: PairedUpdates, brand: number | 'own') =>
  brand === 'own' ? paired.own : (paired.competitors.get(brand) ?? NONE);

/** The McNemar test of one brand (`own` or a competitor id) over the pairs of two updates. */
export function brandChangeTest(paired: PairedUpdates, brand: number | 'own'): ChangeTest {
  const t = tallyOf(paired, brand);
  return testOf(paired.pairs, t.gained, t.lost);
}

/** Tests of every brand, keyed `own` or competitor id. */
export function brandChangeTests(
  paired: PairedUpdates,
  competitorIds: number[],
): Map<number | 'own', ChangeTest> {
  const out = new Map<number | 'own', ChangeTest>();
  out.set('own', brandChangeTest(paired, 'own'));
  for (const id of competitorIds) out.set(id, brandChangeTest(paired, id));
  return out;
}

/** Visibility of a brand over the pairs only, before and after (what a test is about), in %. */
export function pairShare(paired: PairedUpdates, brand: number | 'own') {
  const t = tallyOf(paired, brand);
  return { before: pct(t.both + t.lost, paired.pairs), after: pct(t.both + t.gained, paired.pairs) };
}

export const noChange = (): ChangeTest => testOf(0, 0, 0);

/** summary `data.updateStats.visibility_change`: the brand between two updates; null under two. */
export function visibilityChange(
  paired: PairedUpdates,
  before: Update | undefined,
  after: Update | undefined,
  visibility: (update: Update) => Counted,
) {
  if (!before || !after || before.id === after.id) return null;
  const vb = visibility(before);
  const va = visibility(after);
  const b = pct(vb.named, vb.counted);
  const a = pct(va.named, va.counted);
  return {
    date1: before.date,
    date2: after.date,
    before: b,
    after: a,
    delta: round2(a - b),
    ci_before: wilsonPercent(vb.named, vb.counted),
    ci_after: wilsonPercent(va.named, va.counted),
    ...brandChangeTest(paired, 'own'),
  };
}
