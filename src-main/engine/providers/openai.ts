import { createOpenAI } from '@ai-sdk/openai';
import { baseUrlOf, generateWithSdk } from './sdk';
import type { Provider } from './types';

/** ChatGPT through the Responses API; web search uses OpenAI's `web_search` tool and its URL citations. */
export const askOpenAI: Provider = (prompt, o) => {
  const openai = createOpenAI({ apiKey: o.apiKey ?? '', baseURL: baseUrlOf(o.baseUrl), fetch: o.fetch });
  const tools = o.webSearch ? { web_search: openai.tools.webSearch({}) } : undefined;
  return generateWithSdk(openai.responses(o.model), prompt, o.signal, tools);
};
