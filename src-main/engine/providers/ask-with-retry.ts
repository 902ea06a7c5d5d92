import { ProviderError, parseRetryAfter, type AskOptions, type Provider, type ProviderAnswer } from './types';

export interface RetryPolicy {
  /** Attempts in all (decisions.md §4: up to 3). */
  attempts: number;
  /** Time one attempt may take before it is abandoned (and counts as a retryable failure). */
  timeoutMs: number;
  /** First backoff; doubles per attempt when the provider gives no `Retry-After`. */
  backoffMs: number;
  /** Cap on any wait, `Retry-After` included: a provider asking for an hour gets this instead. */
  maxWaitMs: number;
  /** How to wait; tests record the waits instead of sleeping. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  timeoutMs: 180_000,
  backoffMs: 2_000,
  maxWaitMs: 60_000,
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    }),
};

export type AskOutcome =
  { ok: true; answer: ProviderAnswer; attempts: number } | { ok: false; error: string; attempts: number };

/**
 * Asks with up to `attempts` tries, backing off on 429, 5xx, network errors and timeouts and
 * honouring `Retry-After` (capped). Never throws for a provider failure: the caller stores a
 * failed task as an answer without data. An abort of `options.signal` (the engine stopping)
 * does throw, so the caller can tell "failed" from "not finished".
 */
export async function askWithRetry(
  provider: Provider,
  prompt: string,
  options: AskOptions,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<AskOutcome> {
  let lastError = 'Unknown error';
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), policy.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    try {
      const answer = await provider(prompt, { ...options, signal });
      return { ok: true, answer, attempts: attempt };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const failure = classify(error, timeout.signal.aborted, policy.timeoutMs);
      lastError = failure.message;
      if (!failure.retryable || attempt === policy.attempts)
        return { ok: false, error: lastError, attempts: attempt };
      const wait = Math.min(failure.retryAfterMs ?? policy.backoffMs * 2 ** (attempt - 1), policy.maxWaitMs);
      await policy.sleep(wait, options.signal);
      if (options.signal?.aborted) throw new Error('Stopped.');
    } finally {
      clearTimeout(timer);
    }
  }
  return { ok: false, error: lastError, attempts: policy.attempts };
}

function classify(error: unknown, timedOut: boolean, timeoutMs: number): ProviderError {
  if (timedOut) return new ProviderError(`No answer within ${Math.round(timeoutMs / 1000)} s.`, true);
  if (error instanceof ProviderError) return error;
  return fromSdkError(error);
}

/**
 * AI SDK errors (`APICallError` and friends) carry `statusCode`, `responseHeaders` and
 * `isRetryable`; anything else without a status is a network or parsing problem.
 */
export function fromSdkError(error: unknown): ProviderError {
  const e = error as {
    message?: string;
    statusCode?: number;
    responseHeaders?: Record<string, string>;
    isRetryable?: boolean;
    cause?: unknown;
    name?: string;
  };
  const message = e?.message ?? String(error);
  if (typeof e?.statusCode === 'number') {
    const retryable = e.statusCode === 429 || e.statusCode === 408 || e.statusCode >= 500;
    const header = e.responseHeaders?.['retry-after'] ?? e.responseHeaders?.['Retry-After'];
    return new ProviderError(
      `HTTP ${e.statusCode}: ${message}`,
      retryable,
      e.statusCode,
      parseRetryAfter(header),
    );
  }
  // A body that is not what the protocol says is not going to get better by asking again.
  const malformed = /JSON|parse|Type validation|Invalid response|No output|NoContent/i.test(
    `${e?.name ?? ''} ${message}`,
  );
  return new ProviderError(
    malformed ? `Malformed response: ${message}` : `Network error: ${message}`,
    !malformed,
  );
}
