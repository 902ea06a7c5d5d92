import {
  ProviderError,
  isRetryableStatus,
  parseRetryAfter,
  usageOf,
  type Citation,
  type Provider,
} from './types';

/**
 * `openai-compatible` (LM Studio, llama.cpp server, vLLM, OpenRouter, gateways), exactly as
 * decisions.md §3 fixes it: POST {base_url}/chat/completions with {model, messages}, a Bearer key
 * when set; the answer is choices[0].message.content and a top-level `citations` array of URL
 * strings is the citation list. Written by hand (not the AI SDK) because the protocol is fixed
 * to the field and the top-level `citations` array is not something the SDK exposes.
 */
export const askOpenAICompatible: Provider = async (prompt, options) => {
  if (!options.baseUrl) throw new ProviderError('This network has no base URL set.', false);
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const body = JSON.stringify({ model: options.model, messages: [{ role: 'user', content: prompt }] });
  return postChat(url, headers, body, options.fetch ?? fetch, options.signal);
};

export async function postChat(
  url: string,
  headers: Record<string, string>,
  body: string,
  fetchImpl: typeof fetch,
  signal?: AbortSignal,
) {
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'POST', headers, body, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ProviderError(`Network error: ${(error as Error).message}`, true);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new ProviderError(
      `HTTP ${response.status}: ${text.slice(0, 300)}`,
      isRetryableStatus(response.status),
      response.status,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
  let json: ChatCompletion | null;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError('The response is not valid JSON.', false, response.status);
  }
  const content = json?.choices?.[0]?.message?.content;
  if (typeof content !== 'string')
    throw new ProviderError('The response has no choices[0].message.content.', false, response.status);
  return {
    text: content,
    citations: citationsOf(json?.citations),
    raw: json,
    usage: usageOf(json?.usage?.prompt_tokens, json?.usage?.completion_tokens),
  };
}

/** The fields read of a chat completion (anything may be missing from a gateway's answer). */
interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown } }>;
  citations?: unknown;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

/** A top-level `citations` array: URL strings (or `{url, title}` objects some gateways send). */
function citationsOf(value: unknown): Citation[] {
  if (!Array.isArray(value)) return [];
  const out: Citation[] = [];
  for (const item of value) {
    if (typeof item === 'string' && /^https?:\/\//i.test(item)) out.push({ url: item });
    else if (item && typeof item === 'object') {
      const { url, title } = item as { url?: unknown; title?: unknown };
      if (typeof url === 'string') out.push({ url, ...(typeof title === 'string' && { title }) });
    }
  }
  return out;
}
