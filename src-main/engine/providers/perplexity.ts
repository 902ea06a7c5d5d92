import { createPerplexity } from '@ai-sdk/perplexity';
import { baseUrlOf, generateWithSdk } from './sdk';
import type { Provider } from './types';

/** Perplexity always searches; its `citations` come back as URL sources. */
export const askPerplexity: Provider = (prompt, o) => {
  const perplexity = createPerplexity({
    apiKey: o.apiKey ?? '',
    baseURL: baseUrlOf(o.baseUrl),
    fetch: o.fetch,
  });
  return generateWithSdk(perplexity(o.model), prompt, o.signal);
};
