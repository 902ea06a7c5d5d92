import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a serving process's old generation grow past what its last full collection kept:
 * the heap may reach (1 + this / 100) × the live heap before the next full collection starts.
 *
 * Left to itself, V8 picks that factor from the heap limit and its own collection speed: up to 4
 * where the limit is 2 GB or more (any machine with a few GB), so an engine with ~55 MB live after
 * start let the old generation fill with ~220 MB of earlier requests' garbage before collecting,
 * and its peak RSS while serving the analytics reached 396–456 MB (docs/deploy.md "Stop 27";
 * issue 14's goal is 400). With 2 the peak was 278–340 MB. The price is more full collections of
 * the same live heap: ~2 ms (6 %) more CPU per summary request in a loop of them, within the noise
 * in the analytics bench.
 *
 * Not `--max-old-space-size`: that is a ceiling (a request needing more crashes the process), and
 * it changes the growth factor only as a side effect of the ceiling. Not a smaller young
 * generation (`--max-semi-space-size` 4 or 8): it saved less (378–402 MB).
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Applies the serving process's heap settings. Called first thing by `serve` (and by the analytics
 * bench's serving process, to measure what `serve` runs). V8 reads this setting at every full
 * collection, so it takes effect when set at run time, whatever started the process (`npm run
 * serve`, a container's command, `node --import tsx`).
 */
export function applyServeHeapSettings(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
