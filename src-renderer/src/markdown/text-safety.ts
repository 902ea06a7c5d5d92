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

// ---- Evidence highlights -------------------------------------------------------------------
//
// Evidence spans are offsets into the raw answer, but what the reader sees is rendered markdown.
// The spans are carried through rendering as invisible private-use characters written into the
// raw text (an opening mark with the span's index, a closing mark), so markdown and the
// sanitizer treat them as ordinary letters; afterwards each text node of the sanitized DOM is
// split at those characters and the pieces between them are wrapped in <mark> elements created
// through the DOM (never parsed from a string). Characters of that range already in the answer
// are replaced first, so an answer cannot forge a mark.

const OPEN = '\uE000';
const CLOSE = '\uE001';
const INDEX_BASE = 0xe100;
/** Two index characters of 256 values each. */
export const MAX_MARKED_SPANS = 256 * 256;
const RESERVED = /[\uE000-\uE1FF]/g;

export interface OffsetSpan {
  start: number;
  end: number;
}

/** Spans in text order without overlaps or out-of-range ones (the first of two overlapping wins). */
export function usableSpans<T extends OffsetSpan>(spans: readonly T[], length: number): T[] {
  const sorted = spans
    .filter((s) => Number.isInteger(s.start) && Number.isInteger(s.end) && s.start >= 0 && s.start < s.end)
    .filter((s) => s.end <= length)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: T[] = [];
  let lastEnd = -1;
  for (const s of sorted) {
    if (s.start < lastEnd) continue;
    out.push(s);
    lastEnd = s.end;
    if (out.length >= MAX_MARKED_SPANS) break;
  }
  return out;
}

/**
 * The raw text with span `i` of `spans` (as `usableSpans` returns them) wrapped in an opening
 * mark carrying `i` and a closing mark. Reserved characters already in the text become U+FFFD
 * (one UTF-16 unit each, so the offsets still hold).
 */
export function markSpans(text: string, spans: readonly OffsetSpan[]): string {
  const clean = text.replace(RESERVED, '\uFFFD');
  let out = '';
  let at = 0;
  spans.forEach((s, i) => {
    out +=
      clean.slice(at, s.start) +
      OPEN +
      String.fromCharCode(INDEX_BASE + (i >> 8), INDEX_BASE + (i & 255)) +
      clean.slice(s.start, s.end) +
      CLOSE;
    at = s.end;
  });
  return out + clean.slice(at);
}

export interface MarkedSegment {
  text: string;
  /** Index of the span this piece belongs to, or null for plain text. */
  span: number | null;
}

/**
 * Splits one text node's text at the marks. `open` is the span still open from the previous
 * text node of the same block (a span may cross inline elements: "**Acme**’s"); the result says
 * which span is open at the end. Joining the segments' texts gives the text without marks.
 */
export function splitMarked(
  text: string,
  open: number | null,
): { segments: MarkedSegment[]; open: number | null } {
  const segments: MarkedSegment[] = [];
  let current = open;
  let buffer = '';
  const flush = () => {
    if (buffer) segments.push({ text: buffer, span: current });
    buffer = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === OPEN) {
      flush();
      const hi = text.charCodeAt(i + 1) - INDEX_BASE;
      const lo = text.charCodeAt(i + 2) - INDEX_BASE;
      const valid = hi >= 0 && hi < 256 && lo >= 0 && lo < 256;
      current = valid ? hi * 256 + lo : null;
      i += valid ? 2 : 0;
    } else if (ch === CLOSE) {
      flush();
      current = null;
    } else if (ch >= '\uE000' && ch <= '\uE1FF') {
      // A stray index character (its opening mark was lost in rendering): not text.
    } else buffer += ch;
  }
  flush();
  return { segments, open: current };
}

/** Removes marks from text that is not shown as text (attribute values). */
export function stripMarks(text: string): string {
  return text.replace(RESERVED, '');
}
