import { createDeepSeek } from '@ai-sdk/deepseek';
import { baseUrlOf, generateWithSdk } from './sdk';
import type { Provider } from './types';

/** DeepSeek's API has no web search: the answer is the model's own knowledge. */
export const askDeepSeek: Provider = (prompt, o) => {
  const deepseek = createDeepSeek({ apiKey: o.apiKey ?? '', baseURL: baseUrlOf(o.baseUrl), fetch: o.fetch });
  return generateWithSdk(deepseek(o.model), prompt, o.signal);
};
