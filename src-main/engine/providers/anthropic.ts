import { createAnthropic } from '@ai-sdk/anthropic';
import { baseUrlOf, generateWithSdk } from './sdk';
import type { Provider } from './types';

/** Claude; web search uses Anthropic's server-side `web_search` tool, whose results are the citations. */
export const askAnthropic: Provider = (prompt, o) => {
  const anthropic = createAnthropic({
    apiKey: o.apiKey ?? '',
    baseURL: baseUrlOf(o.baseUrl),
    fetch: o.fetch,
  });
  const tools = o.webSearch ? { web_search: anthropic.tools.webSearch_20250305({ maxUses: 5 }) } : undefined;
  return generateWithSdk(anthropic(o.model), prompt, o.signal, tools);
};
