/**
 * Names in a bracket note. "**Baluard** (Barceloneta)", "Phantasialand (Brühl)", "Ybarra (Sevilla)",
 * "**Turris** (Gràcia, Eixample)": a bracket right after a name, holding only capitalised words,
 * says where that name is (or who owns it); a name the answer writes only in such notes is no
 * peer. A maker written so ("Redmi Note 13 Pro (Xiaomi)") has its product as a form of its own, so
 * it is written outside a note too and stays. The project's own competitors always count.
 */
import type { FoundCompetitor } from './competitors';
import type { Evidence, EvidenceSpan } from './types';

/** A note's words: capitalised names separated by commas or a conjunction, up to the bracket. */
const NOTE_WORDS = /^[\p{Lu}][\p{L}'’.-]*(?:[ \u00A0][\p{Lu}][\p{L}'’.-]*)*$/u;
const NOTE_SEPARATOR = /,\s*|\s+(?:and|or|und|oder|y|o|e|и|или)\s+/u;

/** Whether the span stands in a bracket that follows another name's span and holds only names. */
function inNote(text: string, span: EvidenceSpan, named: EvidenceSpan[]): boolean {
  const from = Math.max(0, span.start - 60);
  const opened = text.slice(from, span.start).lastIndexOf('(');
  if (opened < 0) return false;
  const open = from + opened;
  const closed = text.slice(span.end, span.end + 60).indexOf(')');
  if (closed < 0) return false;
  const close = span.end + closed;
  const inside = text.slice(open + 1, close);
  if (/[()\n]/.test(inside) || !inside.split(NOTE_SEPARATOR).every((p) => NOTE_WORDS.test(p.trim())))
    return false;
  // The bracket follows a name: "**Baluard** (", "Phantasialand (".
  const before = text.slice(Math.max(0, open - 4), open);
  const gap = before.length - before.replace(/[\s*_»"”]+$/u, '').length;
  return named.some((n) => n.end === open - gap);
}

/** The findings without the competitors written only in bracket notes (see above). */
export function withoutBracketNotes(
  text: string,
  found: { evidence: Evidence; placed: FoundCompetitor[] },
): { evidence: Evidence; placed: FoundCompetitor[] } {
  const { evidence, placed } = found;
  if (!text.includes('(')) return found;
  const named = [...evidence.brand, ...evidence.competitors];
  const noted = new Set(
    placed
      .filter((c) => {
        if (c.known) return false;
        const spans = evidence.competitors.filter((s) => s.name === c.name);
        return spans.length > 0 && spans.every((s) => inNote(text, s, named));
      })
      .map((c) => c.name),
  );
  if (!noted.size) return found;
  return {
    evidence: { brand: evidence.brand, competitors: evidence.competitors.filter((s) => !noted.has(s.name)) },
    placed: placed.filter((c) => !noted.has(c.name)),
  };
}
