import { createEngine, type Engine } from '../engine/engine';

/**
 * Opens the engine for a command that runs beside the process owning the data folder's jobs
 * (the desktop app or `npm run serve`): the CLI and the stdio MCP server. Such a command may
 * read, write and enqueue, but never recovers, claims or runs a job, so running it next to a
 * host cannot take a parse run or a print from under that host. Queued work (a run started from
 * an assistant, a report) is done by the host when it runs; docs/mcp.md says so.
 *
 * The one place these commands open the engine: if the job queue's ownership rules change
 * (leases), this is the line to adjust.
 */
export function openEngineBesideHost(
  dataDir: string,
  options: { nativeBinding?: string } = {},
): Promise<Engine> {
  return createEngine({ dataDir, jobHost: false, nativeBinding: options.nativeBinding });
}
