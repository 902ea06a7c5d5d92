import { createMistral } from '@ai-sdk/mistral';
import { baseUrlOf, generateWithSdk } from './sdk';
import type { Provider } from './types';

/** Mistral's chat completions API (Le Chat's models). */
export const askMistral: Provider = (prompt, o) => {
  const mistral = createMistral({ apiKey: o.apiKey ?? '', baseURL: baseUrlOf(o.baseUrl), fetch: o.fetch });
  return generateWithSdk(mistral(o.model), prompt, o.signal);
};
