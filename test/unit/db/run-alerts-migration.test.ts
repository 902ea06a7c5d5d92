import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src-main/engine/db/connection';
import { databaseBefore } from './database-before';

/**
 * Migration 0012-run-alerts on a database of the version before it: runs that had ended count as
 * told (a resumed job of an old run never alerts late), a run still going will alert when it ends.
 */

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0012-run-alerts', () => {
  it('marks the runs that had ended as alerted and leaves the others to alert', async () => {
    dir = mkdtempSync(join(tmpdir(), 'answerscope-migration-'));
    const file = join(dir, 'answerscope.sqlite');
    const before = await databaseBefore(file, '0012-run-alerts');
    const run = (status: string, finished_at: string | null) => ({
      project_id: 1,
      user_id: 1,
      status,
      progress: 0,
      source: 'manual',
      options: '{}',
      charged: 1,
      refunded: 0,
      tasks_total: 1,
      tasks_done: 0,
      created_at: '2026-11-01T09:00:00.000Z',
      finished_at,
    });
    // Only the runs matter here: no users or projects behind them.
    await sql`pragma foreign_keys = off`.execute(before);
    await before
      .insertInto('parse_runs')
      .values([
        run('completed', '2026-11-01T10:00:00.000Z'),
        run('failed', '2026-11-01T11:00:00.000Z'),
        run('in_progress', null),
        run('queued', null),
      ])
      .execute();
    await before.destroy();

    const { db, close } = await openDatabase({ file });
    try {
      const rows = await db.selectFrom('parse_runs').select(['status', 'alerted_at']).orderBy('id').execute();
      expect(rows).toEqual([
        { status: 'completed', alerted_at: '2026-11-01T10:00:00.000Z' },
        { status: 'failed', alerted_at: '2026-11-01T11:00:00.000Z' },
        { status: 'in_progress', alerted_at: null },
        { status: 'queued', alerted_at: null },
      ]);
    } finally {
      await close();
    }
  });
});
