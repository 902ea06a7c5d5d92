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

export interface AnalysisModel {
  neural: NeuralRow;
  model: LanguageModel;
}

/**
 * The analysis model chosen in the app settings (decisions.md §3), as an AI SDK language model,
 * or null when none is set (or it is `demo`, or it was deleted).

 */
export async function analysisModel(ctx: EngineContext): Promise<AnalysisModel | null> {
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

function languageModelFor(ctx: EngineContext, n: NeuralRow): LanguageModel {
  const apiKey = neuralApiKey(ctx, n) ?? '';
  const baseURL = n.base_url ? n.base_url.replace(/\/+$/, '') : undefined;
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
      return createXai({ apiKey, baseURL, fetch })(n.model);
    case 'mistral':
      return createMistral({ apiKey, baseURL, fetch })(n.model);
    case 'perplexity':
      return createPerplexity({ apiKey, baseURL, fetch })(n.model);
    case 'ollama':
      return createOpenAICompatible({
        name: 'ollama',
        baseURL: baseURL ?? 'http://127.0.0.1:11434/v1',
        fetch,
        supportsStructuredOutputs: true,
      }).chatModel(n.model);
    default:
      return createOpenAICompatible({
        name: n.system_name,
        baseURL: baseURL ?? '',
        apiKey: apiKey || undefined,
        fetch,
        supportsStructuredOutputs: true,
      }).chatModel(n.model);
  }
}
