import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BrowserWindow, type WebContents } from 'electron';
import { PrintError, type PdfPrinter } from '../engine/ports';
import { APP_ORIGIN, isOwnPage, printWindowOptions } from './window-options';
import { waitForPrintReady } from './print-ready';

/**
 * The engine's printer port on the desktop: Electron's own Chromium prints the report's print
 * view. A hidden window (no preload, its own in-memory session) loads the view's address, which
 * carries a token, so the view fetches its data from `app://answerscope/api` like a browser
 * would. The view says it has drawn everything by setting `data-print-ready="true"` on its root
 * element (or "error"; the same marker the headless printer waits for); without that signal
 * within `readyTimeoutMs` the print fails (print-ready.ts) rather than record a blank page.
 */
export function createElectronPrinter(
  options: { readyTimeoutMs?: number; loadTimeoutMs?: number } = {},
): PdfPrinter {
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const loadTimeoutMs = options.loadTimeoutMs ?? 60_000;
  return {
    timeoutMs: loadTimeoutMs + readyTimeoutMs + 30_000,
    async printToPdf(url, outFile, { signal } = {}) {
      if (!isOwnPage(url, [APP_ORIGIN]))
        throw new PrintError(`Refusing to print a page outside the app: ${url}`);
      const win = new BrowserWindow(printWindowOptions());
      // The print job's deadline: closing the window ends whatever it was waiting for.
      const onAbort = () => win.destroy();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await withTimeout(win.loadURL(url), loadTimeoutMs, 'The print view did not load');
        await waitForPrintReady(() => readMarker(win.webContents), readyTimeoutMs);
        const pdf = await win.webContents.printToPDF({
          printBackground: true,
          pageSize: 'A4',
          preferCSSPageSize: true,
          generateDocumentOutline: true,
        });
        await mkdir(dirname(outFile), { recursive: true });
        await writeFile(outFile, pdf);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        if (!win.isDestroyed()) win.destroy();
      }
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${message} within ${ms / 1000} s.`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const readMarker = (contents: WebContents): Promise<string> =>
  contents.executeJavaScript(
    `document.querySelector('[data-print-ready="true"], [data-print-ready="error"]')?.getAttribute('data-print-ready') ?? ''`,
    true,
  );
