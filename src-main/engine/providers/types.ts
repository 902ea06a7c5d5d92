/**
 * The one interface every AI provider implements (ARCHITECTURE.md "Rules of the house"):
 * a prompt in, the answer text with the provider's citation list out. Retries, timeouts and
 * concurrency live in `ask-with-retry.ts` and `limiter.ts`, not in the providers.
 */
export interface Citation {
  url: string;
  title?: string;
}

export interface ProviderAnswer {
  text: string;
  citations: Citation[];
  /** The provider's response as received (kept for debugging and re-analysis). */
  raw: unknown;
  /** Tokens the provider reported for this request; absent when it reports none. */
  usage?: TokenUsage;
}

export interface TokenUsage {
  input: number;
  output: number;
}

/** A usage pair from whatever numbers a provider sent; undefined unless both are counts. */
export function usageOf(input: unknown, output: unknown): TokenUsage | undefined {
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  return ok(input) && ok(output) ? { input: Math.round(input), output: Math.round(output) } : undefined;
}

/** What the demo provider writes about (real providers only see the prompt). */
export interface AskSubject {
  brand: string;
  domain: string;
  activities: string;
  language: string;
  /** `YYYY-MM-DD`: the demo answer is deterministic for prompt + brand + day. */
  day: string;
  /** The network's system name, so several demo networks answer differently. */
  network: string;
}

export interface AskOptions {
  model: string;
  apiKey?: string | null;
  baseUrl?: string | null;
  webSearch?: boolean;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  subject?: AskSubject;
}

export type Provider = (prompt: string, options: AskOptions) => Promise<ProviderAnswer>;

/**
 * A failed request, classified once so the retry policy does not need to know each provider's
 * error types. `retryable`: 429, 5xx, network errors and timeouts (decisions.md §4).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** Wait asked by the provider (`Retry-After`), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or bad. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

export const isRetryableStatus = (status: number) => status === 429 || status === 408 || status >= 500;
