import { postChat } from './openai-compatible';
import type { Provider } from './types';

const DEFAULT_BASE = 'http://127.0.0.1:11434';

/**
 * A local Ollama model through Ollama's OpenAI-compatible endpoint (`{base}/v1/chat/completions`).
 * The base URL is Ollama's own address (`http://127.0.0.1:11434`); one ending in `/v1` is used as is.
 */
export const askOllama: Provider = (prompt, o) => {
  const base = (o.baseUrl || DEFAULT_BASE).replace(/\/+$/, '');
  const url = `${/\/v1$/.test(base) ? base : `${base}/v1`}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
  const body = JSON.stringify({
    model: o.model,
    messages: [{ role: 'user', content: prompt }],
    stream: false,
  });
  return postChat(url, headers, body, o.fetch ?? fetch, o.signal);
};
