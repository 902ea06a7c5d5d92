/**
 * A counting semaphore: at most `limit` requests to one provider at a time (decisions.md §4:
 * concurrent, bounded per provider, default 4). Limiters are shared by every run of an engine,
 * so two projects running at once still respect a provider's bound.
 */
export class Limiter {
  private active = 0;
  private waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export const DEFAULT_CONCURRENCY = 4;

const limiters = new WeakMap<object, Map<string, Limiter>>();

/** The limiter of `provider` within one engine (keyed by the engine's context object). */
export function limiterFor(owner: object, provider: string, limit = DEFAULT_CONCURRENCY): Limiter {
  let byProvider = limiters.get(owner);
  if (!byProvider) limiters.set(owner, (byProvider = new Map()));
  let limiter = byProvider.get(provider);
  if (!limiter) byProvider.set(provider, (limiter = new Limiter(limit)));
  return limiter;
}
