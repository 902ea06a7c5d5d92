import type { EngineContext } from './context';
import { startScheduler } from './collect/scheduler';

/**
 * Background services a host runs besides the job queue (the schedule ticker). Returns a stop
 * function.
 */
export function startBackgroundServices(ctx: EngineContext): () => void {
  const stops = [startScheduler(ctx)];
  return () => stops.forEach((stop) => stop());
}
