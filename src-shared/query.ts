export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

/** Builds `a=1&neurals[]=1&neurals[]=2`; null and undefined are left out. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}
