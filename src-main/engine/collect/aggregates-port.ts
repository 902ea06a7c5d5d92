import type { EngineContext } from '../context';
import { writeUpdateAggregates } from '../analytics/aggregates';

/**
 * Per-update aggregates (analytics/aggregates.ts) for a run that just completed: the single call
 * site from collection. Safe to call twice for the same run (it rewrites that run's aggregates).
 */
export async function writeAggregatesFor(ctx: EngineContext, runId: number): Promise<void> {
  await writeUpdateAggregates(ctx, runId);
}
