import { performance } from 'node:perf_hooks';

/** Longest stretch of run work (analysis, writing) in one event-loop turn before giving way. */
export const TURN_BUDGET_MS = 8;

let sliceStarted = performance.now();

/**
 * Gives the event loop a turn (timers, HTTP requests) once the work since the last turn has taken
 * longer than the budget. Analysis is pure CPU and better-sqlite3 is synchronous, so without this
 * an instant provider resolves a whole run as one long chain of microtasks.
 */
export async function giveWayWhenBusy(budgetMs = TURN_BUDGET_MS): Promise<void> {
  if (performance.now() - sliceStarted < budgetMs) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStarted = performance.now();
}
