/**
 * The pure half of rendering an AI answer: escaping, link scheme checks and splitting text into
 * plain and highlighted segments. No DOM, so it is unit-tested in Node; render-answer.ts applies
 * it to the sanitized DOM.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The only schemes a link in an answer may use. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * Whether an answer's link may stay a link. Browsers ignore tabs, newlines and leading control
 * characters in a scheme (`java\tscript:`), and decode entities before we see the attribute, so
 * the check strips those first; anything without an allowed scheme (relative paths included,
 * which would resolve against the app itself) is refused.
 */
export function isSafeUrl(href: string | null | undefined): boolean {
  if (!href) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (!scheme) return false;
  return SAFE_SCHEMES.has(`${scheme[1].toLowerCase()}:`);
}

export interface Segment {
  text: string;
  mark: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A matcher for the brand forms (`occurrences`): case-insensitive, never inside a longer word
 * (the brand "Ozon" does not light up "Ozone"), longest form first so "Ozon Bank" wins over
 * "Ozon". Null when there is nothing to highlight.
 */
export function brandMatcher(forms: readonly string[]): RegExp | null {
  const cleaned = [...new Set(forms.map((f) => f.trim()).filter((f) => f.length > 0))];
  if (cleaned.length === 0) return null;
  cleaned.sort((a, b) => b.length - a.length);
  const alternatives = cleaned.map(escapeRegExp).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives})(?![\\p{L}\\p{N}_])`, 'giu');
}

/** Splits text into plain and brand-form segments; joining the texts gives the input back. */
export function splitHighlights(text: string, matcher: RegExp | null): Segment[] {
  if (!matcher || !text) return text ? [{ text, mark: false }] : [];
  const segments: Segment[] = [];
  let last = 0;
  matcher.lastIndex = 0;
  for (const match of text.matchAll(matcher)) {
    const start = match.index ?? 0;
    if (match[0].length === 0) continue;
    if (start > last) segments.push({ text: text.slice(last, start), mark: false });
    segments.push({ text: match[0], mark: true });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), mark: false });
  return segments;
}

/** Plain text with brand forms wrapped in <mark>, escaped: for short texts (prompts, comments). */
export function highlightText(text: string, forms: readonly string[]): string {
  return splitHighlights(text, brandMatcher(forms))
    .map((s) => (s.mark ? `<mark>${escapeHtml(s.text)}</mark>` : escapeHtml(s.text)))
    .join('');
}
