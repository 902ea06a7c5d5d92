import type { LanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createXai } from '@ai-sdk/xai';
import { createMistral } from '@ai-sdk/mistral';
import { createPerplexity } from '@ai-sdk/perplexity';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EngineContext } from '../context';
import type { NeuralRow } from '../db/schema';
import { neuralApiKey } from '../neurals/neurals.service';
import { getAppSettings } from '../app-settings/app-settings.service';
import { baseUrlOf } from '../providers/sdk';

/** The analysis model chosen in the app settings: its catalogue row and an AI SDK model for it. */
export interface AnalysisModel {
  neural: NeuralRow;
  model: LanguageModel;
}

const OLLAMA_BASE = 'http://127.0.0.1:11434';

/**
 * The analysis network of the app settings (decisions.md §3), or null when none is set, it is
 * `demo` (which writes synthetic answers and cannot analyse) or it was deleted since. Read on
 * every call: the setting can change while the engine runs, and callers that ask many times
 * (a parse run) resolve it once and pass it on.
 */
export async function resolveAnalysisModel(ctx: EngineContext): Promise<AnalysisModel | null> {
  const id = (await getAppSettings(ctx)).analysis_neural_id;
  if (id === null) return null;
  const neural = await ctx.db
    .selectFrom('neurals')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!neural || neural.provider === 'demo') return null;
  return { neural, model: languageModelFor(ctx, neural) };
}

/**
 * An AI SDK model for a catalogue row, with the row's key and base URL, through the engine's
 * fetch port (tests point it at loopback). The chat-completions flavour is used where a provider
 * has two, because structured output is what the analysis asks for and every gateway speaks it.
 */
export function languageModelFor(ctx: EngineContext, n: NeuralRow): LanguageModel {
  const apiKey = neuralApiKey(ctx, n) ?? '';
  const baseURL = baseUrlOf(n.base_url);
  const fetch = ctx.ports.fetch;
  switch (n.provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL, fetch }).responses(n.model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL, fetch })(n.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey, baseURL, fetch })(n.model);
    case 'deepseek':
      return createDeepSeek({ apiKey, baseURL, fetch })(n.model);
    case 'xai':
      return createXai({ apiKey, baseURL, fetch }).chat(n.model);
    case 'mistral':
      return createMistral({ apiKey, baseURL, fetch })(n.model);
    case 'perplexity':
      return createPerplexity({ apiKey, baseURL, fetch })(n.model);
    case 'ollama': {
      // Same address rule as the ollama provider: Ollama's own address, `/v1` added unless given.
      const base = baseURL ?? OLLAMA_BASE;
      return createOpenAICompatible({
        name: 'ollama',
        baseURL: /\/v1$/.test(base) ? base : `${base}/v1`,
        apiKey: apiKey || undefined,
        fetch,
        supportsStructuredOutputs: true,
      }).chatModel(n.model);
    }
    default:
      // openai-compatible (LM Studio, llama.cpp server, vLLM, OpenRouter): `response_format`
      // with a JSON schema, which all of them accept.
      return createOpenAICompatible({
        name: 'analysis',
        baseURL: baseURL ?? '',
        apiKey: apiKey || undefined,
        fetch,
        supportsStructuredOutputs: true,
      }).chatModel(n.model);
  }
}
