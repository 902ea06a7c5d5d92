import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src-main/engine/db/connection';
import { databaseBefore } from './database-before';

/**
 * Migration 0013-stored-files on a database of the version before it: a report's PDF printed as a
 * file moves into the database, so the report still downloads; a report whose file is gone goes
 * back to "none" (printed again on its next download, as before).
 */

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0013-stored-files', () => {
  it('moves printed PDFs into report_pdfs and resets a report whose file is gone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'answerscope-migration-'));
    const file = join(dir, 'answerscope.sqlite');
    const before = await databaseBefore(file, '0013-stored-files');
    const printed = join(dir, 'report-1.pdf');
    writeFileSync(printed, '%PDF-1.7 printed before');
    const report = (id: number, pdf_status: string, pdf_file: string | null) => ({
      id,
      project_id: 1,
      status: 'done',
      source_type: 'manual',
      shared_key: `key-${id}`,
      options: '{}',
      periods: '{}',
      pdf_status,
      pdf_file,
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T09:00:00.000Z',
    });
    // Only the reports matter here: no project behind them.
    await sql`pragma foreign_keys = off`.execute(before);
    await before
      .insertInto('reports')
      .values([
        report(1, 'success', printed),
        report(2, 'success', join(dir, 'report-2.pdf')), // deleted since
        report(3, 'none', null),
      ])
      .execute();
    await before.destroy();

    const { db, close } = await openDatabase({ file });
    try {
      const rows = await db
        .selectFrom('reports')
        .select(['id', 'pdf_status', 'pdf_file'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 1, pdf_status: 'success', pdf_file: null },
        { id: 2, pdf_status: 'none', pdf_file: null },
        { id: 3, pdf_status: 'none', pdf_file: null },
      ]);
      const pdfs = await db.selectFrom('report_pdfs').select(['report_id', 'pdf']).execute();
      expect(pdfs.map((p) => [p.report_id, Buffer.from(p.pdf).toString()])).toEqual([
        [1, '%PDF-1.7 printed before'],
      ]);
    } finally {
      await close();
    }
  });
});
