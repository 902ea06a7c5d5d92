/**
 * Evidence: where each finding sits in the answer, so the answer view can highlight it and say why
 * it counted. Offsets are UTF-16 indices into the answer as stored (URL masking keeps lengths, so
 * offsets into the masked text are offsets into the answer).
 */
import type { Span } from './brand-mentions';
import type { FoundCompetitor } from './competitors';
import { nameWithFormsRegex } from './name-pattern';
import { findNamedSpans } from './name-scan';
import type { Evidence, EvidenceSpan } from './types';

/** Spans per competitor beyond which the rest add nothing to a highlight. */
const MAX_SPANS_PER_COMPETITOR = 50;

/** Which characters a span already covers: one byte per character, so each test is short. */
class Taken {
  private readonly covered: Uint8Array;
  constructor(length: number) {
    this.covered = new Uint8Array(length);
  }
  overlaps(s: { start: number; end: number }): boolean {
    for (let i = s.start; i < s.end; i++) if (this.covered[i]) return true;
    return false;
  }
  take(s: { start: number; end: number }): void {
    this.covered.fill(1, s.start, s.end);
  }
}

/** The word run at `index`: the fallback span when no pattern of the name matches there. */
function wordAt(text: string, index: number): EvidenceSpan {
  const m = /^[\p{L}\p{N}][\p{L}\p{N}.&'’+-]*/u.exec(text.slice(index, index + 80));
  const end = index + (m ? m[0].length : 1);
  return { start: index, end, text: text.slice(index, end) };
}

/**
 * The spans of each competitor (by index), none inside the brand's: one pass over the text for all
 * of them (name-scan.ts), the longest name first where names overlap ("VS Code" before "Code").
 */
function spansOfAll(
  text: string,
  competitors: FoundCompetitor[],
  russianContext: boolean,
  brand: Taken,
): EvidenceSpan[][] {
  const out: EvidenceSpan[][] = competitors.map(() => []);
  const scanned = findNamedSpans(
    text,
    competitors.map((c) => [c.name, ...c.forms]),
    russianContext,
  );
  if (scanned) {
    for (const s of scanned) {
      const span = { start: s.start, end: s.end, text: text.slice(s.start, s.end) };
      if (!brand.overlaps(span) && out[s.entry].length < MAX_SPANS_PER_COMPETITOR) out[s.entry].push(span);
    }
    return out;
  }
  // Folding changed the text's length: one regex per competitor, longer names first.
  const taken = new Taken(text.length);
  const order = competitors
    .map((c, i) => i)
    .sort((a, b) => competitors[b].name.length - competitors[a].name.length);
  for (const i of order) {
    const c = competitors[i];
    const re = nameWithFormsRegex(c.name, c.forms, russianContext);
    if (!re) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m && out[i].length < MAX_SPANS_PER_COMPETITOR; m = re.exec(text)) {
      const span = { start: m.index, end: m.index + m[0].length, text: m[0] };
      if (!brand.overlaps(span) && !taken.overlaps(span)) out[i].push(span);
    }
    for (const s of out[i]) taken.take(s);
  }
  return out;
}

/**
 * The evidence of an answer's findings, and the competitors it places: a competitor only ever
 * written inside the brand's or another competitor's name ("Code" in "VS Code") is part of that
 * name and is left out.
 */
export function buildEvidence(
  text: string,
  brandSpans: Span[],
  competitors: FoundCompetitor[],
  russianContext: boolean,
): { evidence: Evidence; placed: FoundCompetitor[] } {
  const brand = brandSpans.map((s) => ({ start: s.start, end: s.end, text: text.slice(s.start, s.end) }));
  const taken = new Taken(text.length);
  for (const s of brand) taken.take(s);
  const out: Evidence['competitors'] = [];
  const placed: FoundCompetitor[] = [];
  const found = spansOfAll(text, competitors, russianContext, taken);
  competitors.forEach((c, i) => {
    const mine = found[i];
    // Where it was first found, when no form of the name is written elsewhere.
    if (!mine.length) {
      const fallback = wordAt(text, c.first);
      if (taken.overlaps(fallback)) return;
      mine.push(fallback);
    }
    let first = c.first;
    for (const s of mine) {
      taken.take(s);
      first = Math.min(first, s.start);
    }
    out.push(...mine.map((s) => ({ name: c.name, ...s })));
    // Placed where it is first written: a maker found through its model ("Apple Watch Series 10")
    // may be written plainly earlier ("Apple Watch vs. Garmin").
    placed.push(first === c.first ? c : { ...c, first });
  });
  out.sort((a, b) => a.start - b.start);
  placed.sort((a, b) => a.first - b.first);
  return { evidence: { brand, competitors: out }, placed };
}
