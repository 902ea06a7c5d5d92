import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askWithRetry,
  DEFAULT_RETRY,
  type RetryPolicy,
} from '../../../src-main/engine/providers/ask-with-retry';
import { PROVIDER_IMPLEMENTATIONS } from '../../../src-main/engine/providers/index';
import type { Provider } from '../../../src-main/engine/providers/types';
import { chatCompletion, startLoopbackAi, type Reply, type SeenRequest } from '../../api/collect/loopback-ai';

/**
 * Each HTTP provider against a server on 127.0.0.1 that speaks that provider's wire protocol
 * (the URL path and response body its SDK or the spec expects), through the same retry policy
 * a run uses.
 */
interface Case {
  name: keyof typeof PROVIDER_IMPLEMENTATIONS;
  /** Base URL suffix the network would be configured with. */
  base: string;
  path: string;
  webSearch?: boolean;
  model?: string;
  ok: (text: string, urls: string[]) => unknown;
  /** What the request body must carry (the prompt, the model, the web-search tool). */
  request: (req: SeenRequest) => void;
}

const chatRequest = (req: SeenRequest) => {
  expect(req.body.model).toBe('test-model');
  expect(req.body.messages.at(-1).role).toBe('user');
  expect(JSON.stringify(req.body.messages.at(-1).content)).toContain('best crm');
};

const CASES: Case[] = [
  {
    name: 'openai-compatible',
    base: '/v1',
    path: '/v1/chat/completions',
    ok: (text, urls) => chatCompletion(text, urls),
    request: (req) => {
      expect(req.body).toEqual({ model: 'test-model', messages: [{ role: 'user', content: 'best crm' }] });
      expect(req.headers.authorization).toBe('Bearer key-1');
    },
  },
  {
    name: 'openai',
    base: '/v1',
    path: '/v1/responses',
    webSearch: true,
    ok: (text, urls) => ({
      id: 'resp_1',
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      model: 'test-model',
      output: [
        {
          type: 'web_search_call',
          id: 'ws_1',
          status: 'completed',
          action: { type: 'search', query: 'best crm' },
        },
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          status: 'completed',
          content: [
            {
              type: 'output_text',
              text,
              annotations: urls.map((url, i) => ({
                type: 'url_citation',
                url,
                title: `Source ${i + 1}`,
                start_index: 0,
                end_index: 4,
              })),
            },
          ],
        },
      ],
      usage: { input_tokens: 5, output_tokens: 20, total_tokens: 25 },
    }),
    request: (req) => {
      expect(req.body.model).toBe('test-model');
      expect(JSON.stringify(req.body.input)).toContain('best crm');
      expect(req.body.tools).toEqual([expect.objectContaining({ type: 'web_search' })]);
      expect(req.headers.authorization).toBe('Bearer key-1');
    },
  },
  {
    name: 'anthropic',
    base: '/v1',
    path: '/v1/messages',
    webSearch: true,
    ok: (text, urls) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'test-model',
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'best crm' } },
        {
          type: 'web_search_tool_result',
          tool_use_id: 'srvtoolu_1',
          content: urls.map((url, i) => ({
            type: 'web_search_result',
            url,
            title: `Source ${i + 1}`,
            encrypted_content: 'x',
            page_age: null,
          })),
        },
        { type: 'text', text },
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 20 },
    }),
    request: (req) => {
      expect(req.body.model).toBe('test-model');
      expect(JSON.stringify(req.body.messages)).toContain('best crm');
      expect(req.body.tools).toEqual([
        expect.objectContaining({ type: 'web_search_20250305', name: 'web_search' }),
      ]);
      expect(req.headers['x-api-key']).toBe('key-1');
    },
  },
  {
    name: 'google',
    base: '/v1beta',
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    model: 'gemini-2.5-flash',
    webSearch: true,
    ok: (text, urls) => ({
      candidates: [
        {
          content: { parts: [{ text }], role: 'model' },
          finishReason: 'STOP',
          groundingMetadata: {
            groundingChunks: urls.map((uri, i) => ({ web: { uri, title: `Source ${i + 1}` } })),
          },
        },
      ],
      usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 20, totalTokenCount: 25 },
    }),
    request: (req) => {
      expect(JSON.stringify(req.body.contents)).toContain('best crm');
      expect(req.body.tools).toEqual([{ googleSearch: {} }]);
      expect(req.headers['x-goog-api-key']).toBe('key-1');
    },
  },
  {
    name: 'perplexity',
    base: '',
    path: '/chat/completions',
    ok: (text, urls) => ({ ...chatCompletion(text), citations: urls }),
    request: chatRequest,
  },
  {
    name: 'deepseek',
    base: '',
    path: '/chat/completions',
    ok: (text) => chatCompletion(text),
    request: chatRequest,
  },
  {
    name: 'xai',
    base: '/v1',
    path: '/v1/chat/completions',
    ok: (text) => chatCompletion(text),
    request: chatRequest,
  },
  {
    name: 'mistral',
    base: '/v1',
    path: '/v1/chat/completions',
    ok: (text) => chatCompletion(text),
    request: chatRequest,
  },
  {
    name: 'ollama',
    base: '',
    path: '/v1/chat/completions',
    ok: (text) => chatCompletion(text),
    request: chatRequest,
  },
];

const CITING = new Set(['openai-compatible', 'openai', 'anthropic', 'google', 'perplexity']);
const URLS = ['https://acme.example/crm', 'https://en.wikipedia.org/wiki/CRM'];

// The SDK warns about unknown test model names; the tests check behaviour, not the log.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

let replies: Array<Reply> = [];
let server: Awaited<ReturnType<typeof startLoopbackAi>>;
beforeAll(async () => {
  server = await startLoopbackAi(
    () => replies.shift() ?? { status: 500, json: { error: 'no reply queued' } },
  );
});
afterAll(() => server.close());

function policy(waits: number[], change: Partial<RetryPolicy> = {}): RetryPolicy {
  return { ...DEFAULT_RETRY, timeoutMs: 3000, sleep: async (ms) => void waits.push(ms), ...change };
}

describe.each(CASES)('provider $name', (c) => {
  const provider: Provider = PROVIDER_IMPLEMENTATIONS[c.name];
  const ask = (p: RetryPolicy) =>
    askWithRetry(
      provider,
      'best crm',
      {
        model: c.model ?? 'test-model',
        apiKey: 'key-1',
        baseUrl: server.url + c.base,
        webSearch: c.webSearch,
      },
      p,
    );

  it('sends the prompt in its protocol and returns the answer text and citations', async () => {
    const from = server.seen.length;
    replies = [{ json: c.ok('**Acme** leads the list.', URLS) }];
    const outcome = await ask(policy([]));
    expect(outcome).toMatchObject({ ok: true, attempts: 1 });
    if (!outcome.ok) return;
    expect(outcome.answer.text).toBe('**Acme** leads the list.');
    expect(outcome.answer.citations.map((x) => x.url)).toEqual(CITING.has(c.name) ? URLS : []);
    const req = server.seen[from];
    expect(req.method).toBe('POST');
    expect(req.path.split('?')[0]).toBe(c.path);
    c.request(req);
  });

  it('waits as Retry-After says after a 429, then succeeds', async () => {
    const waits: number[] = [];
    replies = [
      { status: 429, headers: { 'retry-after': '7' }, json: { error: { message: 'rate limited' } } },
      { json: c.ok('Second try.', []) },
    ];
    const outcome = await ask(policy(waits));
    expect(outcome).toMatchObject({ ok: true, attempts: 2 });
    expect(waits).toEqual([7000]);
  });

  it('gives up after 3 attempts of 500, backing off between them', async () => {
    const waits: number[] = [];
    replies = [1, 2, 3].map(() => ({ status: 500, json: { error: { message: 'boom' } } }));
    const outcome = await ask(policy(waits, { backoffMs: 100 }));
    expect(outcome).toMatchObject({ ok: false, attempts: 3, error: expect.stringContaining('500') });
    expect(waits).toEqual([100, 200]);
  });

  it('abandons an attempt that takes longer than the timeout and retries it', async () => {
    replies = ['hang', { json: c.ok('After a timeout.', []) }];
    const outcome = await ask(policy([], { timeoutMs: 150 }));
    expect(outcome).toMatchObject({ ok: true, attempts: 2 });
  });

  it('does not retry a malformed body', async () => {
    const from = server.seen.length;
    replies = [{ text: '<html>gateway says hi</html>' }, { json: c.ok('never asked', []) }];
    const outcome = await ask(policy([]));
    expect(outcome).toMatchObject({ ok: false, attempts: 1 });
    expect(server.seen.length - from).toBe(1);
    replies = [];
  });
});

describe('Retry-After as an HTTP date', () => {
  it('is honoured and capped at maxWaitMs', async () => {
    const waits: number[] = [];
    const later = new Date(Date.now() + 3600_000).toUTCString();
    replies = [{ status: 429, headers: { 'retry-after': later }, json: {} }, { json: chatCompletion('ok') }];
    const outcome = await askWithRetry(
      PROVIDER_IMPLEMENTATIONS['openai-compatible'],
      'q',
      { model: 'm', baseUrl: server.url },
      policy(waits, { maxWaitMs: 30_000 }),
    );
    expect(outcome.ok).toBe(true);
    expect(waits).toEqual([30_000]);
  });
});
