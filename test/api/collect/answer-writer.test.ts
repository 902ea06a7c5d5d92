import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import {
  AnswerWriter,
  storeAnswer,
  type StoredAnswerInput,
} from '../../../src-main/engine/collect/answer-store';
import type { AnalysisResult } from '../../../src-main/engine/answer-reading/types';
import { makeProject } from './factories';
import { isPostgres } from '../../../src-main/engine/db/dialect';

let t: TestEngine;
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(() => t.close());

const analysis = (competitors: string[], mention_position: number | null = null): AnalysisResult => ({
  mention: mention_position ? 1 : 0,
  mention_position,
  tone: mention_position ? 'positive' : null,
  occurrences: mention_position ? ['Acme'] : [],
  competitors,
  urls: [{ url: 'https://www.g2.com/crm', domain: 'g2.com', position: 1 }],
  site_mentioned: false,
  evidence: { brand: [], competitors: [] },
  site_position: null,
  comment: null,
});

async function runOf(projectId: number) {
  const run = await t.engine.ctx.db
    .insertInto('parse_runs')
    .values({
      project_id: projectId,
      user_id: t.engine.localOwnerId,
      status: 'in_progress',
      phase: 'receive',
      progress: 2,
      source: 'manual',
      options: '{}',
      charged: 0,
      refunded: 0,
      tasks_total: 4,
      tasks_done: 0,
      update_date: null,
      created_at: '2026-11-20T10:00:00.000Z',
      started_at: null,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

const competitorNames = (projectId: number) =>
  t.engine.ctx.db
    .selectFrom('competitors')
    .select('name')
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.name));

describe('AnswerWriter', () => {
  it('writes a batch with its URLs and ranked competitors, creating each new competitor once', async () => {
    const p = await makeProject(t.engine, { prompts: ['a', 'b'], neurals: ['demo', 'demo-chat'] });
    const runId = await runOf(p.id);
    const input = (promptId: number, neuralId: number, a: AnalysisResult): StoredAnswerInput => ({
      runId,
      projectId: p.id,
      promptId,
      neuralId,
      hasData: true,
      text: 'text',
      analysis: a,
    });
    const writer = new AnswerWriter(t.engine.ctx, p.id);
    const ids = await writer.write([
      input(p.promptIds[0], p.neuralIds[0], analysis(['HubSpot', 'Pipedrive'], 1)),
      input(p.promptIds[0], p.neuralIds[1], analysis(['pipedrive', 'Zoho CRM'])),
      input(p.promptIds[1], p.neuralIds[0], analysis(['Zoho CRM'])),
    ]);
    expect(ids).toHaveLength(3);
    expect(await competitorNames(p.id)).toEqual(['HubSpot', 'Pipedrive', 'Zoho CRM']);
    const links = await t.engine.ctx.db
      .selectFrom('answer_competitors as ac')
      .innerJoin('competitors as c', 'c.id', 'ac.competitor_id')
      .select(['ac.answer_id', 'c.name', 'ac.position'])
      .orderBy('ac.answer_id')
      .orderBy('ac.position')
      .execute();
    expect(links).toEqual([
      // The brand holds place 1 in the first answer.
      { answer_id: ids[0], name: 'HubSpot', position: 2 },
      { answer_id: ids[0], name: 'Pipedrive', position: 3 },
      { answer_id: ids[1], name: 'Pipedrive', position: 1 },
      { answer_id: ids[1], name: 'Zoho CRM', position: 2 },
      { answer_id: ids[2], name: 'Zoho CRM', position: 1 },
    ]);
    const urls = await t.engine.ctx.db.selectFrom('answer_urls').select('answer_id').execute();
    expect(urls.map((u) => u.answer_id).sort()).toEqual([...ids].sort());

    // Saving the same task again replaces it (a resumed run, a re-store): one answer per task.
    const [again] = await writer.write([input(p.promptIds[1], p.neuralIds[0], analysis(['HubSpot']))]);
    const rows = await t.engine.ctx.db.selectFrom('answers').select(['id', 'competitors']).execute();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.id === again)?.competitors).toBe('["HubSpot"]');
  });

  it('follows competitors changed through the API while its names are cached', async () => {
    const p = await makeProject(t.engine, { prompts: ['a', 'b', 'c'] });
    const runId = await runOf(p.id);
    const writer = new AnswerWriter(t.engine.ctx, p.id);
    const save = (i: number, names: string[]) =>
      writer.write([
        {
          runId,
          projectId: p.id,
          promptId: p.promptIds[i],
          neuralId: p.neuralIds[0],
          hasData: true,
          text: 'text',
          analysis: analysis(names),
        },
      ]);
    await save(0, ['HubSpot']);

    // Meanwhile: HubSpot is deleted, and "Close" is added with "Close.com" merged into it.
    const db = t.engine.ctx.db;
    await db.deleteFrom('competitors').where('name', '=', 'HubSpot').execute();
    const close = await db
      .insertInto('competitors')
      .values({ project_id: p.id, name: 'Close', type: 'direct', created_at: '2026-11-20T10:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('competitor_members')
      .values({ competitor_id: close.id, name: 'Close.com' })
      .execute();

    await save(1, ['HubSpot', 'Close.com']);
    expect(await competitorNames(p.id)).toEqual(['Close', 'HubSpot']);
    const linked = await db
      .selectFrom('answer_competitors as ac')
      .innerJoin('competitors as c', 'c.id', 'ac.competitor_id')
      .select('c.name')
      .innerJoin('answers as a', 'a.id', 'ac.answer_id')
      .where('a.prompt_id', '=', p.promptIds[1])
      .orderBy('ac.position')
      .execute();
    expect(linked.map((l) => l.name)).toEqual(['HubSpot', 'Close']);

    // Every name of the next answer is cached, but its competitor is gone: the batch is written
    // again with fresh names instead of failing on the foreign key.
    await db.deleteFrom('competitors').where('name', '=', 'Close').execute();
    await save(2, ['Close.com']);
    expect(await competitorNames(p.id)).toEqual(['HubSpot', 'Close.com']);
  });

  it('storeAnswer saves one answer with no data and no details', async () => {
    const p = await makeProject(t.engine);
    const runId = await runOf(p.id);
    await storeAnswer(t.engine.ctx, {
      runId,
      projectId: p.id,
      promptId: p.promptIds[0],
      neuralId: p.neuralIds[0],
      hasData: false,
      text: 'ignored',
      analysis: analysis(['HubSpot']),
      error: 'timeout',
    });
    const row = await t.engine.ctx.db.selectFrom('answers').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ has_data: 0, answer: null, competitors: '[]', error: 'timeout' });
    expect(await competitorNames(p.id)).toEqual([]);
  });
});

describe('a run of many answers', () => {
  it('writes its progress far less often than once per answer, and saves every answer', async () => {
    const prompts = Array.from({ length: 40 }, (_, i) => `best crm number ${i}`);
    const p = await makeProject(t.engine, { prompts, neurals: ['demo', 'demo-search', 'demo-chat'] });
    await sql`create table run_writes (progress integer)`.execute(t.engine.ctx.db);
    // Every write of a run's row logged, by a trigger in each database's own language.
    if (isPostgres(t.engine.ctx.db)) {
      await sql`create function log_run_write() returns trigger language plpgsql as $$
        begin insert into run_writes values (new.progress); return new; end $$`.execute(t.engine.ctx.db);
      await sql`create trigger log_run_write after update on parse_runs
        for each row execute function log_run_write()`.execute(t.engine.ctx.db);
    } else {
      await sql`create trigger log_run_write after update on parse_runs begin
        insert into run_writes values (new.progress); end`.execute(t.engine.ctx.db);
    }
    expect(
      (await t.api.send('POST /api/projects/{project}/parse', { params: { project: p.id } })).status,
    ).toBe(202);
    await t.engine.jobs.drain({ ignoreDelays: true });
    const answers = await t.engine.ctx.db.selectFrom('answers').select('id').execute();
    expect(answers).toHaveLength(120);
    const writes = (await sql<{ progress: number }>`select progress from run_writes`.execute(t.engine.ctx.db))
      .rows;
    expect(writes.length).toBeLessThan(20);
    expect(writes.at(-1)?.progress).toBe(100);
  });
});
