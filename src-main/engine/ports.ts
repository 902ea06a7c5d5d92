import type { FetchedIcon } from './favicons/favicon-fetch';

/**
 * Edges that leave the engine, supplied by the host. Each has a default that works headless;
 * tests replace the ones that would leave the machine.
 */
export interface PdfPrinter {
  /**
   * Prints the page at `url` (a print view served by the engine) to a PDF file at `outFile`.
   * Stops and rejects when `signal` aborts (the print job's deadline).
   */
  printToPdf(url: string, outFile: string, options?: { signal?: AbortSignal }): Promise<void>;
  /** The longest one print may take; the print job aborts it after that (default 120 s). */
  timeoutMs?: number;
}

/**
 * A print failure that trying again will not fix (no browser, a print view that reports an
 * error, a print past its deadline): the print job reports it at once instead of retrying.
 */
export class PrintError extends Error {}

export interface EnginePorts {
  printer?: PdfPrinter;
  /** Fetches one site icon (favicons/favicon-fetch.ts is the default; tests stub it). */
  fetchIcon?: (url: string) => Promise<FetchedIcon>;
  /** Overrides `fetch` for AI providers (tests point providers at loopback servers instead). */
  fetch?: typeof fetch;
}
