import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { jsonReply, startAnalysisModel, userMessageOf } from './model-server';
import type { DraftBody } from '../../../src-shared/api/core';

const form: DraftBody = {
  brand: 'Bloomly',
  activities: ['flower delivery'],
  domain: 'bloomly.com',
  neurals: ['demo'],
  alternative_brand: '',
  region: 213,
  language: 'en',
};

/** 24 natural English prompts over the six groups, the brand only where it belongs. */
const MODEL_PROMPTS: Array<{ text: string; group: string }> = [
  ['category', 'What is the best flower delivery service in Moscow?'],
  ['category', 'Top rated flower shops that deliver in Moscow'],
  ['category', 'Which florists in Moscow deliver the same day?'],
  ['category', 'Most reliable online flower delivery in Moscow'],
  ['problem', 'How can I send flowers to someone in Moscow from abroad?'],
  ['problem', 'How to get fresh flowers delivered for a birthday tomorrow morning'],
  ['problem', 'What is the easiest way to order a bouquet for an office?'],
  ['problem', 'How do I make sure roses arrive fresh in winter?'],
  ['comparison', 'Bloomly or a local florist: which is better for weddings?'],
  ['comparison', 'Is Bloomly cheaper than other flower delivery services?'],
  ['comparison', 'Bloomly vs big flower marketplaces for corporate orders'],
  ['commercial', 'How much does flower delivery cost in Moscow?'],
  ['commercial', 'Where can I buy a large bouquet of peonies with delivery?'],
  ['commercial', 'Cheap flower delivery with free shipping in Moscow'],
  ['commercial', 'Flower subscription prices for a restaurant'],
  ['brand', 'Is Bloomly a reliable flower delivery company?'],
  ['brand', 'What do customers say about Bloomly bouquets?'],
  ['brand', 'Does bloomly.com deliver on public holidays?'],
  ['brand', 'How long does Bloomly take to deliver an order?'],
  ['reviews', 'Which flower delivery services have the best reviews in Moscow?'],
  ['reviews', 'Are online florists in Moscow trustworthy?'],
  ['reviews', 'What are common complaints about flower delivery services?'],
  ['reviews', 'Which flower shops have honest customer ratings?'],
  ['reviews', 'Is it safe to pay online for flower delivery?'],
].map(([group, text]) => ({ group, text }));

let t: TestEngine;
let servers: Array<{ close: () => Promise<void> }> = [];
beforeEach(async () => {
  t = await createTestEngine();
});
afterEach(async () => {
  await t.close();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function proposals(body: DraftBody = form) {
  const res = await t.api.send('POST /api/project-drafts', { body });
  expect(res.status).toBe(202);
  await t.engine.jobs.drain({ ignoreDelays: true });
  const draft = await t.api.request('GET /api/project-drafts/{draft}', {
    params: { draft: res.body.draft_id },
  });
  expect(draft.status).toBe('ready');
  const prompts = draft.status === 'ready' ? draft.prompts : [];
  return prompts.map(({ text, group, source }) => ({ text, group, source }));
}

describe('draft proposals with an analysis model', () => {
  it("proposes the model's prompts when they pass every rule", async () => {
    const model = await startAnalysisModel(t.engine, t.api, (_req, task) =>
      task === 'draft' ? jsonReply({ prompts: MODEL_PROMPTS }) : { status: 500 },
    );
    servers.push(model);

    expect(await proposals()).toEqual(MODEL_PROMPTS.map((p) => ({ ...p, source: 'generated' })));
    const [asked] = model.requests('draft');
    expect(asked.body.response_format.type).toBe('json_schema');
    expect(userMessageOf(asked)).toContain('English');
    expect(userMessageOf(asked)).toContain('Bloomly');
    expect(userMessageOf(asked)).toContain('in Moscow');
  });

  const invalid: Array<[string, unknown]> = [
    [
      'names the brand outside the brand and comparison groups',
      {
        prompts: MODEL_PROMPTS.map((p, i) =>
          i === 0 ? { ...p, text: 'Is Bloomly the best in Moscow?' } : p,
        ),
      },
    ],
    ['has too few prompts', { prompts: MODEL_PROMPTS.slice(0, 12) }],
    [
      'is in another language',
      {
        prompts: MODEL_PROMPTS.map((p) => ({
          ...p,
          text: p.group === 'brand' ? p.text : `¿Cuál es la mejor opción de flores ${p.text.length}?`,
        })),
      },
    ],
    ['repeats itself', { prompts: MODEL_PROMPTS.map((p) => ({ ...p, text: p.text.slice(0, 5) + ' x' })) }],
    ['is not the schema', { prompts: 'twenty good prompts' }],
  ];
  for (const [what, output] of invalid) {
    it(`falls back to the templates when the model's list ${what}`, async () => {
      const templates = await proposals(); // no analysis model yet: the offline templates
      const model = await startAnalysisModel(t.engine, t.api, () => jsonReply(output));
      servers.push(model);
      expect(await proposals()).toEqual(templates);
      expect(model.requests('draft').length).toBeGreaterThan(0);
    });
  }

  it('falls back to the templates when the model answers 500', async () => {
    const templates = await proposals();
    const model = await startAnalysisModel(t.engine, t.api, () => ({
      status: 500,
      json: { error: 'down' },
    }));
    servers.push(model);
    expect(await proposals()).toEqual(templates);
    expect(model.requests('draft')).toHaveLength(2); // one retry
  });
});
