import type { AnswerEvidence } from '../../src-shared/api/analytics';

/** A place the analysis counted, with offsets into the excerpt's `text`. */
export interface Highlight {
  kind: 'brand' | 'competitor';
  /** The brand form as written (brand), or the competitor's canonical name. */
  name: string;
  start: number;
  end: number;
}

/** A cut of an answer; `start`/`end` are UTF-16 offsets into the whole answer. */
export interface Excerpt {
  start: number;
  end: number;
  text: string;
  highlights: Highlight[];
}

export interface ExcerptOptions {
  /** Characters kept on each side of a span. */
  context?: number;
  /** Excerpts per answer at most. */
  max?: number;
  /** Longest excerpt; spans further apart start a new one. */
  maxLength?: number;
}

/**
 * Excerpts of an answer around the brand and competitor spans the analysis stored (`evidence`,
 * docs/api/analytics.md): an assistant reads where and how the brand was named without the whole
 * answer (often 3–6 KB) per network and prompt. Near spans share one excerpt; cuts end on word
 * boundaries. Without spans (no mention, or an answer analysed before evidence was stored) the
 * answer's opening is the excerpt.
 */
export function answerExcerpts(
  answer: string,
  evidence: AnswerEvidence | null | undefined,
  options: ExcerptOptions = {},
): { excerpts: Excerpt[]; spans_total: number } {
  const context = options.context ?? 90;
  const max = options.max ?? 3;
  const maxLength = options.maxLength ?? 600;
  const spans: Array<Highlight & { text: string }> = [
    ...(evidence?.brand ?? []).map((s) => ({ kind: 'brand' as const, name: s.text, ...s })),
    ...(evidence?.competitors ?? []).map((s) => ({ kind: 'competitor' as const, ...s })),
  ].sort((a, b) => a.start - b.start);
  if (spans.length === 0) {
    const end = wordEnd(answer, Math.min(answer.length, context * 3));
    return {
      excerpts: end > 0 ? [{ start: 0, end, text: answer.slice(0, end), highlights: [] }] : [],
      spans_total: 0,
    };
  }

  const windows: Array<{ start: number; end: number; spans: typeof spans }> = [];
  for (const span of spans) {
    const start = Math.max(0, span.start - context);
    const end = Math.min(answer.length, span.end + context);
    const last = windows[windows.length - 1];
    if (last && start <= last.end && end - last.start <= maxLength) {
      last.end = Math.max(last.end, end);
      last.spans.push(span);
    } else windows.push({ start, end, spans: [span] });
  }

  const excerpts = windows.slice(0, max).map((w) => {
    const start = wordStart(answer, w.start, w.spans[0].start);
    const end = wordEnd(answer, w.end, w.spans[w.spans.length - 1].end);
    return {
      start,
      end,
      text: answer.slice(start, end),
      highlights: w.spans.map((s) => ({
        kind: s.kind,
        name: s.name,
        start: s.start - start,
        end: s.end - start,
      })),
    };
  });
  return { excerpts, spans_total: spans.length };
}

/** The excerpt with `**brand**` and `_competitor_` marks, for the tools' short text. */
export function markedExcerpt(excerpt: Excerpt, answerLength: number): string {
  let out = '';
  let at = 0;
  for (const h of excerpt.highlights) {
    if (h.start < at) continue;
    const mark = h.kind === 'brand' ? '**' : '_';
    out += excerpt.text.slice(at, h.start) + mark + excerpt.text.slice(h.start, h.end) + mark;
    at = h.end;
  }
  out += excerpt.text.slice(at);
  const flat = out.replace(/\s+/g, ' ').trim();
  return `${excerpt.start > 0 ? '…' : ''}${flat}${excerpt.end < answerLength ? '…' : ''}`;
}

/** Moves a cut back to the start of its word (never past `limit`, a span's start). */
function wordStart(text: string, at: number, limit: number): number {
  let i = at;
  while (i > 0 && i > at - 20 && !/\s/.test(text[i - 1])) i--;
  return i > 0 && !/\s/.test(text[i - 1]) ? Math.min(at, limit) : i;
}

/** Moves a cut forward to the end of its word (never before `limit`, a span's end). */
function wordEnd(text: string, at: number, limit = 0): number {
  let i = at;
  while (i < text.length && i < at + 20 && !/\s/.test(text[i])) i++;
  return i < text.length && !/\s/.test(text[i]) ? Math.max(at, limit) : i;
}
