/**
 * A p-value as people read it: two significant digits, "< 0.0001" below that (the engine sends it
 * unrounded; a tiny p-value written in full says nothing more).
 */
export function formatPValue(p: number, locale: string): string {
  if (p < 0.0001) return `< ${new Intl.NumberFormat(locale).format(0.0001)}`;
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 }).format(p);
}
