import { DEFAULT_RETRY, type RetryPolicy } from '../providers/ask-with-retry';
import { DEFAULT_CONCURRENCY } from '../providers/limiter';

export interface CollectTuning {
  retry: RetryPolicy;
  /** Requests in flight per provider (decisions.md §4: default 4). */
  concurrency: number;
}

const tunings = new WeakMap<object, CollectTuning>();

/**
 * Retry and concurrency settings of one engine. Defaults suit real providers; tests and the
 * benchmark shorten timeouts here instead of sleeping through real backoffs.
 */
export function collectTuning(ctx: object): CollectTuning {
  return tunings.get(ctx) ?? { retry: DEFAULT_RETRY, concurrency: DEFAULT_CONCURRENCY };
}

export function configureCollection(
  ctx: object,
  change: { retry?: Partial<RetryPolicy>; concurrency?: number },
): void {
  const current = collectTuning(ctx);
  tunings.set(ctx, {
    retry: { ...current.retry, ...change.retry },
    concurrency: change.concurrency ?? current.concurrency,
  });
}
