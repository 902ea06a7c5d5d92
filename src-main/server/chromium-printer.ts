import { existsSync } from 'node:fs';
import { PrintError, type PdfPrinter } from '../engine/ports';

/** Flags for a headless Chromium that talks to nothing but the page it prints. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser: `--chromium PATH`, else $ANSWERSCOPE_CHROMIUM, else $CHROMIUM_PATH, else /usr/bin/chromium. */
export function chromiumPath(args: Record<string, unknown> = {}): string {
  if (typeof args.chromium === 'string' && args.chromium) return args.chromium;
  return process.env.ANSWERSCOPE_CHROMIUM || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

const FOOTER = `<div style="width:100%;font-size:8px;color:#64748b;padding:0 14mm;display:flex;justify-content:space-between;font-family:sans-serif">
<span>AnswerScope</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`;

/**
 * The headless host's PDF printer: launches Chromium through playwright-core for each print
 * (a print is rare and a fresh browser leaves nothing running between prints), opens the
 * report's print view, waits for its `data-print-ready` marker and prints A4 with page numbers
 * in the footer. `timeoutMs` bounds the whole print; the print job aborts it then (`signal`),
 * which closes the browser. Failures a retry cannot fix are PrintErrors with a readable reason.
 */
export function chromiumPrinter(executablePath: string, options: { timeoutMs?: number } = {}): PdfPrinter {
  const timeoutMs = options.timeoutMs ?? 120_000;
  return {
    timeoutMs,
    async printToPdf(url, outFile, { signal } = {}) {
      if (!existsSync(executablePath)) {
        throw new PrintError(
          `Chromium was not found at ${executablePath}: install it or pass --chromium PATH (or set ANSWERSCOPE_CHROMIUM).`,
        );
      }
      // Loaded on first print: playwright-core costs ~50 MB the server should not hold until then.
      const { chromium } = await import('playwright-core');
      signal?.throwIfAborted();
      const browser = await chromium.launch({
        executablePath,
        headless: true,
        args: FLAGS,
        timeout: timeoutMs,
      });
      const onAbort = () => void browser.close().catch(() => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const page = await browser.newPage({ viewport: { width: 794, height: 1123 } });
        await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
        const marker = await page.waitForSelector('[data-print-ready="true"], [data-print-ready="error"]', {
          timeout: timeoutMs,
          state: 'attached',
        });
        if ((await marker.getAttribute('data-print-ready')) === 'error') {
          const text = (await marker.textContent())?.trim();
          throw new PrintError(`The print view could not show the report: ${text || 'unknown error'}`);
        }
        await page.emulateMedia({ media: 'print' });
        await page.pdf({
          path: outFile,
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          displayHeaderFooter: true,
          headerTemplate: '<div></div>',
          footerTemplate: FOOTER,
          margin: { top: '16mm', bottom: '18mm', left: '14mm', right: '14mm' },
        });
      } catch (error) {
        // After an abort the browser is gone and every call fails: the deadline is the reason.
        if (signal?.aborted) throw signal.reason;
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await browser.close().catch(() => undefined);
      }
    },
  };
}
