import type { EngineContext } from '../context';

/**
 * Every job name and its handler, registered once at start. One line per job; the handler
 * files document what happens when a job runs twice or stops half-way.
 */
export function registerJobs(_ctx: EngineContext): void {}
