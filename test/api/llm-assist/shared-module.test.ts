import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import type { ProviderName } from '../../../src-shared/enums';
import { generateStructured, mergeAnswerAssist } from '../../../src-main/engine/llm-assist';
import { analyzeAnswer } from '../../../src-main/engine/answer-reading/analyze';
import type { AnalysisInput } from '../../../src-main/engine/answer-reading/types';
import { jsonReply } from './model-server';
import { startLoopbackAi } from '../collect/loopback-ai';

const schema = z.object({ ok: z.boolean() });
const ask = (t: TestEngine) =>
  generateStructured(t.engine.ctx, {
    schema,
    system: 'Answer ok.',
    prompt: 'Are you there?',
    timeoutMs: 2000,
  });

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

async function useNetwork(provider: ProviderName, baseUrl: string) {
  const created = await t.api.send('POST /api/app/neurals', {
    body: {
      system_name: `analysis-${provider}`,
      display_name: `Analysis ${provider}`,
      provider,
      model: 'small-model',
      base_url: baseUrl,
      web_search_supported: false,
    },
  });
  expect(created.status).toBe(201);
  const settings = { analysis_neural_id: created.body.data.id };
  expect((await t.api.send('PATCH /api/app/settings', { body: settings })).status).toBe(200);
}

describe('generateStructured', () => {
  it('is null, asking nothing, when no analysis model is set', async () => {
    expect(await ask(t)).toBeNull();
  });

  it("reaches a local Ollama model at its own address plus /v1 and returns the schema's object", async () => {
    const server = await startLoopbackAi(() => jsonReply({ ok: true }));
    servers.push(server);
    await useNetwork('ollama', server.url);
    expect(await ask(t)).toEqual({ ok: true });
    expect(server.seen.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    expect(server.seen[0].body.response_format.type).toBe('json_schema');
  });

  it('retries once, then gives null when the model keeps failing', async () => {
    const server = await startLoopbackAi(() => ({ status: 503, json: { error: 'busy' } }));
    servers.push(server);
    await useNetwork('openai-compatible', server.url);
    expect(await ask(t)).toBeNull();
    expect(server.seen).toHaveLength(2);
  });

  it('gives null when the model hangs past the timeout', async () => {
    const server = await startLoopbackAi(() => 'hang');
    servers.push(server);
    await useNetwork('openai-compatible', server.url);
    const result = await generateStructured(t.engine.ctx, {
      schema,
      system: 's',
      prompt: 'p',
      timeoutMs: 150,
    });
    expect(result).toBeNull();
    expect(server.seen).toHaveLength(2);
  });
});

describe('mergeAnswerAssist', () => {
  const input: AnalysisInput = {
    text: '1. **Globex** is cheap.\n2. **Acme** is the most reliable choice.\n3. **Initech** is new.',
    citations: [],
    brand: 'Acme',
    alternativeBrands: [],
    domain: 'acme.example',
    domainAliases: [],
    includeSubdomains: false,
    knownCompetitors: [{ name: 'Initech Corp', members: ['Initech'] }],
    language: 'en',
  };
  const offline = analyzeAnswer(input);

  it('orders by first appearance, drops the own brand, keeps known canonical names, recounts the position', () => {
    const { result, fields } = mergeAnswerAssist(input, offline, {
      competitors: [
        { name: 'Initech', as_written: ['Initech'] },
        { name: 'Acme', as_written: ['Acme'] },
        { name: 'Globex Corporation', as_written: ['Globex'] },
      ],
      tone: 'positive',
      comment: 'Acme is  recommended as the most reliable choice.',
    });
    expect(result.competitors).toEqual(['Globex Corporation', 'Initech Corp']);
    expect(result.mention_position).toBe(2);
    expect(result.comment).toBe('Acme is recommended as the most reliable choice.');
    expect(fields).toEqual({ competitors: true, tone: true, comment: true });
    expect(result.occurrences).toEqual(offline.occurrences);
  });

  it("drops the analyst's exclusions and own products, and finds the evidence of the new list", () => {
    const ruled = { ...input, excludedNames: ['Globex'], ownProducts: ['Initech'] };
    const { result } = mergeAnswerAssist(ruled, analyzeAnswer(ruled), {
      competitors: [
        { name: 'Globex Corporation', as_written: ['Globex'] },
        { name: 'Initech', as_written: ['Initech'] },
      ],
      tone: null,
      comment: null,
    });
    expect(result.competitors).toEqual([]);
    expect(result.mention_position).toBe(1);
    expect(result.evidence.competitors).toEqual([]);

    const { result: kept } = mergeAnswerAssist(input, offline, {
      competitors: [{ name: 'Globex Corporation', as_written: ['Globex'] }],
      tone: null,
      comment: null,
    });
    const spans = kept.evidence.competitors.filter((s) => /\w/.test(s.text));
    expect(spans.map((s) => [s.name, s.text])).toEqual([['Globex Corporation', 'Globex']]);
    for (const s of kept.evidence.competitors) expect(input.text.slice(s.start, s.end)).toBe(s.text);
  });

  it('keeps the offline list when a name is not in the answer or the list is empty', () => {
    for (const competitors of [[{ name: 'Hooli', as_written: ['Hooli'] }], []]) {
      const { result, fields } = mergeAnswerAssist(input, offline, {
        competitors,
        tone: null,
        comment: null,
      });
      expect(result).toEqual(offline);
      expect(fields).toEqual({ competitors: false, tone: false, comment: false });
    }
  });

  it('takes no tone or comment for an answer that does not name the brand', () => {
    const other = { ...input, text: 'Globex and Initech are both fine.' };
    const { result } = mergeAnswerAssist(other, analyzeAnswer(other), {
      competitors: [{ name: 'Globex', as_written: ['Globex'] }],
      tone: 'negative',
      comment: 'Not named.',
    });
    expect(result).toMatchObject({ mention: 0, tone: null, comment: null, mention_position: null });
    expect(result.competitors).toEqual(['Globex']);
  });
});
