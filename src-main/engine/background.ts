import type { EngineContext } from './context';

/**
 * Background services a host runs besides the job queue (the schedule ticker). Returns a stop
 * function.
 */
export function startBackgroundServices(_ctx: EngineContext): () => void {
  return () => {};
}
