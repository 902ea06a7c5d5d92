/** "A, B,  C" → ["A", "B", "C"]: the stored comma-separated lists back as names. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
