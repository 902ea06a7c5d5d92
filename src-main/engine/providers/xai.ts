import { createXai } from '@ai-sdk/xai';
import { baseUrlOf, generateWithSdk } from './sdk';
import type { Provider } from './types';

/** Grok through xAI's chat completions API. */
export const askXai: Provider = (prompt, o) => {
  const xai = createXai({ apiKey: o.apiKey ?? '', baseURL: baseUrlOf(o.baseUrl), fetch: o.fetch });
  return generateWithSdk(xai.chat(o.model), prompt, o.signal);
};
