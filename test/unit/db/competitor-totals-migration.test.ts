import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src-main/engine/db/connection';
import { databaseBefore } from './database-before';

/**
 * Migration 0015-competitor-totals: every update aggregated before it gets its competitor mentions
 * summed over the networks, from agg_update_competitor; an update naming no competitor gets `{}`.
 */

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0015-competitor-totals', () => {
  it('sums each aggregated update over its networks', async () => {
    dir = mkdtempSync(join(tmpdir(), 'answerscope-migration-'));
    const file = join(dir, 'answerscope.sqlite');
    const before = await databaseBefore(file, '0015-competitor-totals');
    await sql`pragma foreign_keys = off`.execute(before);
    const run = (id: number, project_id: number) => ({
      id,
      project_id,
      user_id: 1,
      status: 'completed',
      progress: 100,
      source: 'manual',
      options: '{}',
      charged: 0,
      refunded: 0,
      tasks_total: 0,
      tasks_done: 0,
      created_at: '2026-11-01T12:00:00.000Z',
    });
    await before
      .insertInto('parse_runs')
      .values([run(10, 1), run(11, 1), run(12, 2)])
      .execute();
    const counts = {
      answers: 3,
      with_data: 3,
      mentions: 1,
      positive: 0,
      neutral: 1,
      negative: 0,
      site_mentions: 0,
    };
    await before
      .insertInto('agg_update_neural')
      .values([
        { project_id: 1, run_id: 10, neural_id: 1, ...counts },
        { project_id: 1, run_id: 10, neural_id: 2, ...counts },
        { project_id: 1, run_id: 11, neural_id: 1, ...counts },
        { project_id: 2, run_id: 12, neural_id: 1, ...counts },
      ])
      .execute();
    await before
      .insertInto('agg_update_competitor')
      .values([
        { project_id: 1, run_id: 10, neural_id: 1, competitor_id: 5, mentions: 2 },
        { project_id: 1, run_id: 10, neural_id: 2, competitor_id: 5, mentions: 3 },
        { project_id: 1, run_id: 10, neural_id: 2, competitor_id: 17, mentions: 1 },
        { project_id: 2, run_id: 12, neural_id: 1, competitor_id: 8, mentions: 4 },
      ])
      .execute();
    await before.destroy();

    const { db, close } = await openDatabase({ file });
    try {
      const rows = await db
        .selectFrom('agg_update_competitor_totals')
        .selectAll()
        .orderBy('run_id')
        .execute();
      expect(rows.map((r) => ({ ...r, counts: JSON.parse(r.counts) }))).toEqual([
        { project_id: 1, run_id: 10, counts: { 5: 5, 17: 1 } },
        { project_id: 1, run_id: 11, counts: {} },
        { project_id: 2, run_id: 12, counts: { 8: 4 } },
      ]);
    } finally {
      await close();
    }
  });
});
