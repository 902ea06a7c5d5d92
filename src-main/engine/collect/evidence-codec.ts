import type { Evidence } from '../answer-reading/types';

/**
 * How an answer's evidence (analysis/types.ts `Evidence`) is kept in `answers.evidence`: offsets
 * only, since every span's text is the answer's own slice. `{"b":[s,e,s,e…],"c":[["Name",s,e,…],…]}`
 * is about a fifth of the plain JSON of the spans; a page of answers unpacks it in well under a
 * millisecond.
 */
interface Packed {
  b: number[];
  c: Array<[string, ...number[]]>;
}

export function packEvidence(evidence: Evidence | undefined | null): string | null {
  if (!evidence) return null;
  const b: number[] = [];
  for (const s of evidence.brand) b.push(s.start, s.end);
  const byName = new Map<string, [string, ...number[]]>();
  for (const s of evidence.competitors) {
    const entry = byName.get(s.name) ?? byName.set(s.name, [s.name]).get(s.name)!;
    entry.push(s.start, s.end);
  }
  return JSON.stringify({ b, c: [...byName.values()] } satisfies Packed);
}

export interface EvidenceSpanView {
  start: number;
  end: number;
  text: string;
}
export interface EvidenceView {
  brand: EvidenceSpanView[];
  competitors: Array<EvidenceSpanView & { name: string }>;
}

/**
 * The evidence of a stored answer with each span's text cut from the answer, so
 * `answer.slice(start, end) === text` holds by construction. Spans outside the text (a damaged
 * row) are dropped. Null when none was stored (analysed before evidence existed).
 */
export function unpackEvidence(packed: string | null, answer: string | null): EvidenceView | null {
  if (packed === null || answer === null) return null;
  let parsed: Packed;
  try {
    parsed = JSON.parse(packed) as Packed;
  } catch {
    return null;
  }
  const valid = (start: unknown, end: unknown): end is number =>
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    (start as number) >= 0 &&
    (start as number) < (end as number) &&
    (end as number) <= answer.length;
  const brand: EvidenceSpanView[] = [];
  const b = Array.isArray(parsed?.b) ? parsed.b : [];
  for (let i = 0; i + 1 < b.length; i += 2)
    if (valid(b[i], b[i + 1])) brand.push({ start: b[i], end: b[i + 1], text: answer.slice(b[i], b[i + 1]) });
  const competitors: EvidenceView['competitors'] = [];
  for (const entry of Array.isArray(parsed?.c) ? parsed.c : []) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const name = entry[0];
    for (let i = 1; i + 1 < entry.length; i += 2) {
      const [start, end] = [entry[i], entry[i + 1]];
      if (valid(start, end))
        competitors.push({ name, start: start as number, end, text: answer.slice(start as number, end) });
    }
  }
  return { brand, competitors: tidy(answer, brand, competitors) };
}

const WORDISH = /[\p{L}\p{N}]/u;
const WORD_RUN = /^[\p{L}\p{N}][\p{L}\p{N}.&'’+-]*/u;

/**
 * Spans a reader can act on: no span without a letter or digit (analysis falls back to the
 * character at a competitor's first offset, which for a bold name is the `**` before it: such a
 * span moves to the word right after, or goes when the competitor has other spans), none
 * overlapping a brand span or another, in text order.
 */
function tidy(
  answer: string,
  brand: EvidenceSpanView[],
  found: EvidenceView['competitors'],
): EvidenceView['competitors'] {
  const named = new Set(found.filter((c) => WORDISH.test(c.text)).map((c) => c.name));
  const spans: EvidenceView['competitors'] = [];
  for (const c of found) {
    if (WORDISH.test(c.text)) spans.push(c);
    else if (!named.has(c.name)) {
      const skip = /^[^\p{L}\p{N}\n]{0,4}/u.exec(answer.slice(c.start, c.start + 4))![0].length;
      const word = WORD_RUN.exec(answer.slice(c.start + skip, c.start + skip + 80));
      if (!word) continue;
      const start = c.start + skip;
      spans.push({ name: c.name, start, end: start + word[0].length, text: word[0] });
      named.add(c.name);
    }
  }
  spans.sort((x, y) => x.start - y.start);
  const taken = [...brand];
  return spans.filter((s) => {
    if (taken.some((t) => s.start < t.end && t.start < s.end)) return false;
    taken.push(s);
    return true;
  });
}
