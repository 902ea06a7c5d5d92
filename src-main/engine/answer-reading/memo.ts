/**
 * A pure function of one string, remembered. Names recur within an answer and across the answers
 * of a run, and the small string work on each (folding, stems, keys) adds up over thousands of
 * them. The map is emptied when full: a run's names fit, and memory stays bounded.
 */
export function memoized<T>(fn: (key: string) => T, limit = 5000): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    const cached = cache.get(key);
    if (cached !== undefined || cache.has(key)) return cached as T;
    const value = fn(key);
    if (cache.size >= limit) cache.clear();
    cache.set(key, value);
    return value;
  };
}
