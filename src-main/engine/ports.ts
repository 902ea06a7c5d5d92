/**
 * Edges that leave the engine, supplied by the host. Each has a default that works headless;
 * tests replace the ones that would leave the machine.
 */
export interface PdfPrinter {
  /** Prints the page at `url` (a print view served by the engine) to a PDF file at `outFile`. */
  printToPdf(url: string, outFile: string): Promise<void>;
}

export interface EnginePorts {
  printer?: PdfPrinter;
  /** Overrides `fetch` for AI providers (tests point providers at loopback servers instead). */
  fetch?: typeof fetch;
}
