import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src-main/engine/db/connection';
import { databaseBefore } from './database-before';

/**
 * Migration 0014-canonical-cells: history cells written before it (PostgreSQL's json_object_agg
 * text, with spaces and in the rows' order) are rewritten in the text the responses carry, which
 * the summary and answers/history now write as stored; cells already in that text are unchanged.
 */

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const cell = (mention: number, occurrences: unknown[]) =>
  `{"mention" : ${mention}, "mention_position" : null, "tone" : null, "occurrences" : ${JSON.stringify(occurrences)}, "competitors" : [], "has_data" : true}`;

describe('migration 0014-canonical-cells', () => {
  it('rewrites stored cells as JSON.stringify writes them and leaves canonical ones alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'answerscope-migration-'));
    const file = join(dir, 'answerscope.sqlite');
    const before = await databaseBefore(file, '0014-canonical-cells');
    await sql`pragma foreign_keys = off`.execute(before);
    const counts = { answers: 2, with_data: 2, mentions: 1, mentions_with_data: 1, site_mentions: 0 };
    const tones = { positive: 0, neutral: 0, negative: 0 };
    const spaced = `{ "3" : ${cell(0, [])}, "1" : ${cell(1, ['Ацме ✓', 7])} }`;
    const canonical = JSON.stringify({
      1: {
        mention: 0,
        mention_position: null,
        tone: null,
        occurrences: [],
        competitors: ['x'],
        has_data: false,
      },
    });
    await before
      .insertInto('agg_update_prompt')
      .values([
        { project_id: 1, prompt_id: 1, run_id: 1, ...counts, ...tones, cells: spaced },
        { project_id: 1, prompt_id: 2, run_id: 1, ...counts, ...tones, cells: canonical },
      ])
      .execute();
    await before.destroy();

    const { db, close } = await openDatabase({ file });
    try {
      const rows = await db
        .selectFrom('agg_update_prompt')
        .select(['prompt_id', 'cells'])
        .orderBy('prompt_id')
        .execute();
      expect(rows[0].cells).toBe(
        '{"1":{"mention":1,"mention_position":null,"tone":null,"occurrences":["Ацме ✓","7"],"competitors":[],"has_data":true},' +
          '"3":{"mention":0,"mention_position":null,"tone":null,"occurrences":[],"competitors":[],"has_data":true}}',
      );
      expect(rows[1].cells).toBe(canonical);
    } finally {
      await close();
    }
  });
});
