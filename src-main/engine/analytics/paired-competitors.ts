import { sql, type RawBuilder } from 'kysely';
import { isPostgres, sqlFor, type AnyKysely } from '../db/dialect';

/**
 * The competitors' part of the paired tallies (paired-changes.ts): for each competitor, over the
 * pairs `p(aid, bid)` of two updates' answers, how many pairs gained it (named only by `bid`), lost
 * it (only by `aid`) or kept it (both). `ctes` follow the `p` common table expression; `select`
 * is one `union all` branch of rows (cid, 0, gained, lost, both).
 *
 * Both forms first list, per pair and competitor, whether each answer names it (`wa`, `wb`).
 */
export interface CompetitorTallies {
  ctes: RawBuilder<unknown>;
  select: RawBuilder<unknown>;
}

/**
 * @param only the competitors to tally (the summary's top five), or null for all.
 */
export function competitorTallies(db: AnyKysely, only: number[] | null): CompetitorTallies {
  const f = sqlFor(db);
  // `+` keeps SQLite on the answer index: led by the competitor index it would read every answer
  // naming a top competitor over the whole period, not just the two updates' answers.
  const onlyThese = only ? sql`and +ac.competitor_id in (${sql.join(only)})` : sql``;
  const tally = (perPair: RawBuilder<unknown>) => sql`
    select cid, 0, ${f.countWhere(sql`wa = 0 and wb = 1`)}, ${f.countWhere(sql`wa = 1 and wb = 0`)},
      ${f.countWhere(sql`wa = 1 and wb = 1`)}
    from (${perPair}) per_pair group by cid`;
  // One probe of the competitor index per pair for both of its answers (SQLite: ~6 ms for the
  // 2,900 pairs of two updates at 500 prompts × 6 networks; a `union all` of one join per update
  // read the same rows but ran ~8× slower there).
  const probes = (when: RawBuilder<unknown>) => sql`
    select p.aid, ac.competitor_id as cid,
      max(case when ac.answer_id = p.aid then 1 else 0 end) as wa,
      max(case when ac.answer_id = p.bid then 1 else 0 end) as wb
    from p join answer_competitors ac on ${f.equalsAnyOf(sql`ac.answer_id`, [sql`p.aid`, sql`p.bid`])} ${onlyThese}
    ${when} group by p.aid, ac.competitor_id`;
  if (!isPostgres(db)) return { ctes: sql``, select: tally(probes(sql``)) };
  // PostgreSQL: those 5,700 probes cost ~7 ms of the server's CPU (an index descent each). An
  // update's answers are written together, so their ids are mostly one run of the id sequence:
  // then one range scan of the competitor index per update, hash-joined to the pairs, reads the
  // same rows in half the time. The range is only read when it is dense (spanning under twice as
  // many ids as there are pairs); a sparse one (a few prompts of a filter, or updates written
  // while other projects' runs wrote theirs) would read rows of other answers, so then the probes
  // run. `dense` is computed once (an InitPlan): the branch not taken is never executed.
  const range = (side: 'aid' | 'bid', low: string, high: string, flags: RawBuilder<unknown>) => sql`
    select p.aid, ac.competitor_id as cid, ${flags}
    from p join answer_competitors ac on ac.answer_id = ${sql.ref(`p.${side}`)}
    where (select dense from span)
      and ac.answer_id between (select ${sql.ref(low)} from span) and (select ${sql.ref(high)} from span)
      ${onlyThese}`;
  return {
    ctes: sql`,
    span as materialized (
      select min(aid) as lo_a, max(aid) as hi_a, min(bid) as lo_b, max(bid) as hi_b,
        max(aid) - min(aid) < 2 * count(*) and max(bid) - min(bid) < 2 * count(*) as dense
      from p),
    named as (
      ${range('aid', 'lo_a', 'hi_a', sql`1 as wa, 0 as wb`)}
      union all
      ${range('bid', 'lo_b', 'hi_b', sql`0, 1`)}
      union all
      ${probes(sql`where not (select dense from span)`)})`,
    select: tally(sql`select aid, cid, max(wa) as wa, max(wb) as wb from named group by aid, cid`),
  };
}
