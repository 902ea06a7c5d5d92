/** Small helpers for the analytics .vue files (ESLint's no-undef does not know DOM globals there). */

/** A DOM event, for emits that carry the click that opened a popup menu. */
export type UiEvent = Event;

/** Calls `fn` once input has been quiet for `ms` (search boxes: one request, not one per key). */
export function debounce<A extends unknown[]>(fn: (...args: A) => unknown, ms = 300): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** The evidence highlight an event happened on (render-answer.ts marks): its index and element. */
export function evidenceMarkOf(event: UiEvent): { index: number; element: HTMLElement } | null {
  const target = event.target as Element | null;
  const mark = target?.closest?.('mark[data-ev]') as HTMLElement | null | undefined;
  if (!mark) return null;
  const index = Number(mark.getAttribute('data-ev'));
  return Number.isInteger(index) ? { index, element: mark } : null;
}

/** Runs `fn` after `ms`; returns a function that cancels it. */
export function later(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
}
