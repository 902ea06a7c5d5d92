import { PrintError } from '../engine/ports';

/**
 * Waits for the print view's `data-print-ready` marker ("true": everything is drawn; "error":
 * the report could not load). `probe` reads the marker ('' while absent). A view that never
 * signals fails the print with PrintError — printing it anyway would record a blank or
 * half-drawn page as a successful PDF. Electron-free so tests drive it with a fake probe.
 */
export async function waitForPrintReady(
  probe: () => Promise<string>,
  timeoutMs: number,
  options: { intervalMs?: number; now?: () => number } = {},
): Promise<void> {
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 200;
  const deadline = now() + timeoutMs;
  for (;;) {
    const state = await probe();
    if (state === 'true') return;
    if (state === 'error') throw new PrintError('The print view could not load the report.');
    if (now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  throw new PrintError(
    `The print view did not signal it was ready within ${Math.round(timeoutMs / 1000)} s; nothing was printed.`,
  );
}
