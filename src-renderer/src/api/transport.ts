import type { WireRequest, WireResponse } from '../../../src-shared/ipc';

export type { WireRequest, WireResponse };

/**
 * What the UI needs from its host: send one API request, get the engine's answer. One
 * implementation per host (IPC in Electron, same-origin HTTP in the browser), installed once at
 * boot by `installTransport()` in client.ts.
 */
export interface Transport {
  /** Which host this is, for the connection screen. */
  readonly kind: 'ipc' | 'http';
  request(req: WireRequest): Promise<WireResponse>;
  /**
   * Fetches a binary file the API links to (the report PDF's `file` address) with this host's
   * credentials. Absent where the host cannot (then the UI opens the link instead).
   */
  download?(url: string): Promise<Blob>;
}
