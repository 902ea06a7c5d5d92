import { generateText, type LanguageModel, type ToolSet } from 'ai';
import { ProviderError, usageOf, type Citation, type ProviderAnswer } from './types';

/**
 * One AI SDK call as the providers share it: no SDK retries (ask-with-retry.ts owns the
 * policy), the caller's abort signal, and the URL sources (web search results, grounding
 * chunks, Perplexity citations) as the citation list in the order the SDK reports them.
 */
export async function generateWithSdk(
  model: LanguageModel,
  prompt: string,
  signal: AbortSignal | undefined,
  // Provider tool objects come from each @ai-sdk package's own copy of provider-utils, whose
  // types do not unify with `ai`'s ToolSet although they are the same at run time.
  tools?: Record<string, unknown>,
): Promise<ProviderAnswer> {
  const result = await generateText({
    model,
    prompt,
    maxRetries: 0,
    abortSignal: signal,
    ...(tools && { tools: tools as ToolSet }),
  });
  const citations: Citation[] = [];
  const seen = new Set<string>();
  for (const step of result.steps ?? []) {
    for (const source of step.sources ?? []) {
      if (source.sourceType !== 'url' || seen.has(source.url)) continue;
      seen.add(source.url);
      citations.push({ url: source.url, ...(source.title && { title: source.title }) });
    }
  }
  const text = result.text ?? '';
  if (!text.trim()) throw new ProviderError('The AI system returned an empty answer.', false);
  return {
    text,
    citations,
    raw: { body: result.response?.body ?? null, finish_reason: result.finishReason, citations },
    // Summed over every step (a web search may take several model calls, each billed).
    usage: usageOf(result.totalUsage?.inputTokens, result.totalUsage?.outputTokens),
  };
}

/** The base URL a network sets, or the SDK's default when none is set. */
export const baseUrlOf = (value: string | null | undefined) =>
  value ? value.replace(/\/+$/, '') : undefined;
