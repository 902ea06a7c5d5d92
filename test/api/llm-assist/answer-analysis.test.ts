import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { configureCollection } from '../../../src-main/engine/collect/tuning';
import { configureAnswerAssist } from '../../../src-main/engine/llm-assist';
import { makeProject } from '../collect/factories';
import { answerTextOf, jsonReply, startAnalysisModel } from './model-server';

/** The demo network's competitors for a CRM project (providers/demo.ts). */
const CRM_NAMES = ['Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM', 'Bitrix24', 'amoCRM', 'Freshsales'];
const PROMPTS = [
  'best crm for a small business',
  'crm with telephony',
  'which crm do agencies use',
  'crm for a real estate agency',
  'simple crm for freelancers',
  'crm with a mobile app',
];

let t: TestEngine;
let servers: Array<{ close: () => Promise<void> }> = [];
beforeEach(async () => {
  t = await createTestEngine();
  configureCollection(t.engine.ctx, { retry: { sleep: async () => {}, timeoutMs: 2000 } });
  configureAnswerAssist(t.engine.ctx, { timeoutMs: 2000 });
});
afterEach(async () => {
  await t.close();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** The demo's CRM names written in an answer, in order of first appearance. */
const namesIn = (text: string) =>
  CRM_NAMES.filter((n) => text.includes(n)).sort((a, b) => text.indexOf(a) - text.indexOf(b));

/** A model that reads each answer well: canonical "<name> Inc.", a negative tone, its own comment. */
const goodReading = (text: string) => ({
  competitors: namesIn(text).map((n) => ({ name: `${n} Inc.`, as_written: [n] })),
  tone: 'negative',
  comment: 'The model read this answer and finds the brand presented poorly.',
});

async function runParse(projectId: number) {
  const at = { params: { project: projectId } };
  const res = await t.api.send('POST /api/projects/{project}/parse', at);
  expect(res.status).toBe(202);
  await t.engine.jobs.drain({ ignoreDelays: true });
  expect((await t.api.request('GET /api/projects/{project}', at)).data.parse.status).toBe('completed');
}

const storedAnswers = (projectId: number) =>
  t.engine.ctx.db
    .selectFrom('answers')
    .select([
      'prompt_id',
      'answer',
      'mention',
      'mention_position',
      'tone',
      'competitors',
      'comment',
      'occurrences',
    ])
    .where('project_id', '=', projectId)
    .where('has_data', '=', 1)
    .orderBy('prompt_id')
    .execute();

/** The analysis fields of a project's answers keyed by prompt text, to compare two projects. */
async function fieldsByPrompt(projectId: number) {
  const rows = await t.engine.ctx.db
    .selectFrom('answers')
    .innerJoin('prompts', 'prompts.id', 'answers.prompt_id')
    .select([
      'prompts.value',
      'answers.mention',
      'answers.mention_position',
      'answers.tone',
      'answers.competitors',
      'answers.comment',
    ])
    .where('answers.project_id', '=', projectId)
    .execute();
  return Object.fromEntries(rows.map(({ value, ...fields }) => [value, fields]));
}

describe('answer analysis with an analysis model (parse run)', () => {
  it("stores the model's competitors, tone and comment, checked against the answer text", async () => {
    const model = await startAnalysisModel(t.engine, t.api, (req, task) =>
      task === 'answer' ? jsonReply(goodReading(answerTextOf(req))) : { status: 500 },
    );
    servers.push(model);
    const p = await makeProject(t.engine, { prompts: PROMPTS });
    await runParse(p.id);

    const answers = await storedAnswers(p.id);
    expect(answers).toHaveLength(PROMPTS.length);
    // One structured-output request per answer, in the OpenAI-compatible wire format.
    const asked = model.requests('answer');
    expect(asked).toHaveLength(PROMPTS.length);
    for (const req of asked) {
      expect(req.path).toBe('/chat/completions');
      expect(req.headers.authorization).toBe('Bearer sk-test');
      expect(req.body.model).toBe('test-model');
      expect(req.body.response_format).toMatchObject({
        type: 'json_schema',
        json_schema: { schema: expect.any(Object) },
      });
      expect(req.body.messages.map((m: any) => m.role)).toEqual(['system', 'user']);
    }
    expect(answers.some((a) => a.mention === 1)).toBe(true);
    for (const a of answers) {
      const text = a.answer ?? '';
      const names = namesIn(text);
      expect(names.length).toBeGreaterThan(0);
      expect(JSON.parse(a.competitors)).toEqual(names.map((n) => `${n} Inc.`));
      if (a.mention === 1) {
        const brandAt = text.indexOf('Acme');
        expect(a.tone).toBe('negative');
        expect(a.comment).toBe('The model read this answer and finds the brand presented poorly.');
        expect(a.mention_position).toBe(1 + names.filter((n) => text.indexOf(n) < brandAt).length);
      } else {
        // decisions.md §5: no tone and no comment without a mention, whatever the model says.
        expect(a.tone).toBeNull();
        expect(a.comment).toBeNull();
        expect(a.mention_position).toBeNull();
      }
    }
    // The canonical names become the project's competitors.
    const competitorNames = (
      await t.engine.ctx.db.selectFrom('competitors').select('name').where('project_id', '=', p.id).execute()
    ).map((c) => c.name);
    expect(competitorNames.every((n) => n.endsWith(' Inc.'))).toBe(true);
  });

  it('keeps the offline result when the model answers 500 or garbage', async () => {
    const offline = await makeProject(t.engine, { prompts: PROMPTS });
    await runParse(offline.id); // no analysis model yet: the offline analysis alone

    let calls = 0;
    const model = await startAnalysisModel(t.engine, t.api, () =>
      calls++ % 2 ? { status: 500, json: { error: { message: 'down' } } } : { json: { choices: 'garbage' } },
    );
    servers.push(model);
    const assisted = await makeProject(t.engine, { prompts: PROMPTS });
    await runParse(assisted.id);

    expect(model.requests('answer').length).toBeGreaterThan(0);
    // The demo network answers the same prompts of the same brand on the same day identically.
    expect(await fieldsByPrompt(assisted.id)).toEqual(await fieldsByPrompt(offline.id));
  });

  it('keeps the offline competitors when the model names one that is not in the answer', async () => {
    const offline = await makeProject(t.engine, { prompts: PROMPTS });
    await runParse(offline.id);
    const model = await startAnalysisModel(t.engine, t.api, (req) => {
      const reading = goodReading(answerTextOf(req));
      reading.competitors.push({ name: 'Globex', as_written: ['Globex'] }); // made up
      return jsonReply(reading);
    });
    servers.push(model);
    const assisted = await makeProject(t.engine, { prompts: PROMPTS });
    await runParse(assisted.id);

    const before = await fieldsByPrompt(offline.id);
    const after = await fieldsByPrompt(assisted.id);
    for (const [prompt, fields] of Object.entries(after)) {
      expect(fields.competitors).toBe(before[prompt].competitors);
      expect(fields.mention_position).toBe(before[prompt].mention_position);
      // Tone and comment do not depend on the list: they still come from the model.
      if (fields.mention === 1) expect(fields.tone).toBe('negative');
    }
  });

  it('asks the model at most the per-run budget of times', async () => {
    configureAnswerAssist(t.engine.ctx, { budgetPerRun: 2 });
    const model = await startAnalysisModel(t.engine, t.api, (req) =>
      jsonReply(goodReading(answerTextOf(req))),
    );
    servers.push(model);
    const p = await makeProject(t.engine, { prompts: PROMPTS });
    await runParse(p.id);

    expect(model.requests('answer')).toHaveLength(2);
    const fromModel = (await storedAnswers(p.id)).filter((a) =>
      (JSON.parse(a.competitors) as string[]).some((n) => n.endsWith(' Inc.')),
    );
    expect(fromModel).toHaveLength(2);
  });

  it('re-analysis goes through the model too, keeping the names the project already knows', async () => {
    const p = await makeProject(t.engine, { prompts: PROMPTS });
    await runParse(p.id);
    const answersAsked = await t.engine.ctx.db.selectFrom('answers').select('id').execute();
    const model = await startAnalysisModel(t.engine, t.api, (req) =>
      jsonReply(goodReading(answerTextOf(req))),
    );
    servers.push(model);

    const res = await t.api.send('POST /api/projects/{project}/reanalyze', { params: { project: p.id } });
    expect(res.status).toBe(202);
    await t.engine.jobs.drain({ ignoreDelays: true });

    expect(model.requests('answer')).toHaveLength(PROMPTS.length);
    // The first run made the offline names the project's competitors: those canonical names win
    // over the model's, so the project's competitor list stays stable; new names are the model's.
    const known = new Set(
      (
        await t.engine.ctx.db
          .selectFrom('competitors')
          .select('name')
          .where('project_id', '=', p.id)
          .execute()
      ).map((c) => c.name),
    );
    for (const a of await storedAnswers(p.id)) {
      const names = namesIn(a.answer ?? '');
      expect(JSON.parse(a.competitors)).toEqual(names.map((n) => (known.has(n) ? n : `${n} Inc.`)));
      expect(a.tone).toBe(a.mention === 1 ? 'negative' : null);
    }
    // No AI system was asked again: the same answers, no new ones.
    expect(await t.engine.ctx.db.selectFrom('answers').select('id').execute()).toEqual(answersAsked);
  });
});
