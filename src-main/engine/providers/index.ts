import type { ProviderName } from '../neurals/catalogue';
import type { Provider } from './types';
import { askOpenAI } from './openai';
import { askOpenAICompatible } from './openai-compatible';
import { askAnthropic } from './anthropic';
import { askGoogle } from './google';
import { askPerplexity } from './perplexity';
import { askDeepSeek } from './deepseek';
import { askXai } from './xai';
import { askMistral } from './mistral';
import { askOllama } from './ollama';
import { askDemo } from './demo';

/** Every provider of the catalogue (decisions.md §3), behind the one `Provider` interface. */
export const PROVIDER_IMPLEMENTATIONS: Record<ProviderName, Provider> = {
  openai: askOpenAI,
  'openai-compatible': askOpenAICompatible,
  anthropic: askAnthropic,
  google: askGoogle,
  perplexity: askPerplexity,
  deepseek: askDeepSeek,
  xai: askXai,
  mistral: askMistral,
  ollama: askOllama,
  demo: askDemo,
};

export function providerFor(name: string): Provider | undefined {
  return (PROVIDER_IMPLEMENTATIONS as Record<string, Provider>)[name];
}

export type { Provider, AskOptions, ProviderAnswer, Citation, AskSubject } from './types';
