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
