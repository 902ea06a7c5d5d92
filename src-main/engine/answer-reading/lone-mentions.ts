/**
 * Lone mentions: a name written once, in running text or inside a list item's prose, with no other
 * name of the answer's findings (the brand or a competitor) in its sentence, and nothing else that
 * puts it among the brand's peers — no bold, not the name a list item or its sentence starts with,
 * not an example after "such as" / "например" / "wie" / "como". Such a name was taken only because it stood in an
 * enumeration of things the analysis rejected ("GDPR or IRB requirements", "aus InDesign oder
 * Affinity", "Mini-LED, HDMI 2.1, Dolby Vision") or because it looked like a name on its own; on the
 * labelled sets two of three such names are no competitor. The project's own competitors always
 * count: the analyst named them.
 */
import type { FoundCompetitor } from './competitors';
import type { Evidence, EvidenceSpan } from './types';
import { lineAt, sentenceAround, type Line } from './text';

/** An example of a kind just before the name ("insurers such as Farmers", "вроде «Контура»"). */
const EXAMPLE_BEFORE =
  /(?:such as|like|including|e\.g\.|вроде|например,?|такие как|как|wie|z\.\s?B\.|zum Beispiel|como|por ejemplo)\s+[«"„“]?$/iu;

/** Whether the span stands inside `**…**` / `__…__` on its line. */
function inBold(text: string, line: Line, span: EvidenceSpan): boolean {
  const before = text.slice(line.start, span.start);
  const marks = before.match(/\*\*|__/g)?.length ?? 0;
  return marks % 2 === 1;
}

/** Whether the span is the name its list item starts with (after the marker and numbering). */
function leadsItem(text: string, line: Line, span: EvidenceSpan): boolean {
  return /^[\s*_\d.)•#[-]*$/.test(text.slice(line.contentStart, span.start));
}

function isLone(text: string, lines: Line[], evidence: Evidence, span: EvidenceSpan): boolean {
  const line = lineAt(lines, span.start);
  if (!line || (line.kind !== 'list' && line.kind !== 'text')) return false;
  if (inBold(text, line, span) || leadsItem(text, line, span)) return false;
  if (EXAMPLE_BEFORE.test(text.slice(Math.max(line.start, span.start - 30), span.start))) return false;
  const { start, end } = sentenceAround(text, span.start);
  // The subject of its own sentence is discussed, not passed by ("Tele2 остаётся самым доступным").
  if (/^[\s*_«"„“(]*$/.test(text.slice(start, span.start))) return false;
  const inSentence = (s: EvidenceSpan) => s !== span && s.start >= start && s.end <= end;
  return !evidence.brand.some(inSentence) && !evidence.competitors.some(inSentence);
}

/** The findings without the competitors that are lone mentions (see above). */
export function withoutLoneMentions(
  text: string,
  lines: Line[],
  found: { evidence: Evidence; placed: FoundCompetitor[] },
): { evidence: Evidence; placed: FoundCompetitor[] } {
  const { evidence, placed } = found;
  const spansOf = new Map<string, EvidenceSpan[]>();
  for (const s of evidence.competitors) spansOf.set(s.name, [...(spansOf.get(s.name) ?? []), s]);
  const lone = new Set<string>();
  for (const c of placed) {
    const spans = spansOf.get(c.name) ?? [];
    if (!c.known && spans.length === 1 && isLone(text, lines, evidence, spans[0])) lone.add(c.name);
  }
  if (!lone.size) return found;
  return {
    evidence: { brand: evidence.brand, competitors: evidence.competitors.filter((s) => !lone.has(s.name)) },
    placed: placed.filter((c) => !lone.has(c.name)),
  };
}
