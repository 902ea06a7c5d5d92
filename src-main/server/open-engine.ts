import { createEngine, type Engine } from '../engine/engine';

/**
 * Opens the engine for a command that runs beside the process owning the data folder's jobs
 * (the desktop app or `npm run serve`): the CLI and the stdio MCP server. Such a command opens it
 * as a `tool`: it may read, write and enqueue, but never recovers, claims or runs a job, so running
 * it next to a host cannot take a parse run or a print from under that host (jobs/lease.ts). Queued
 * work (a run started from an assistant, a report) is done by the host when it runs; docs/mcp.md
 * says so.
 */
export function openEngineBesideHost(
  dataDir: string,
  options: { nativeBinding?: string; keyFile?: string; databaseUrl?: string } = {},
): Promise<Engine> {
  return createEngine({ dataDir, role: 'tool', ...options });
}
