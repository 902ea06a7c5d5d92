import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { baseUrlOf, generateWithSdk } from './sdk';
import type { Provider } from './types';

/** Gemini; web search is grounding with Google Search, whose grounding chunks are the citations. */
export const askGoogle: Provider = (prompt, o) => {
  const google = createGoogleGenerativeAI({
    apiKey: o.apiKey ?? '',
    baseURL: baseUrlOf(o.baseUrl),
    fetch: o.fetch,
  });
  const tools = o.webSearch ? { google_search: google.tools.googleSearch({}) } : undefined;
  return generateWithSdk(google(o.model), prompt, o.signal, tools);
};
