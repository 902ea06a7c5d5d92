/**
 * Lone mentions. A name written once, in running text or inside a list item's prose — not bold,
 * not the name a list item or its sentence starts with, not an example after "such as" /
 * "например" / "wie" / "como" — is passed by, not weighed. It counts only beside a companion in its
 * sentence:
 * - in an answer that lays out its alternatives (two or more names in bold, list leads, tables or
 *   headings), a weighed name: another passing name or the brand proves nothing ("confirm GDPR or
 *   IRB requirements", "Skribble integrates with Salesforce or Microsoft Teams");
 * - in an answer of prose, any other name of its findings (the brand or a competitor): prose is
 *   where such an answer compares ("Т-Банк и Сбер дают сопоставимые ставки").
 * On the labelled sets two of three passing names without such a companion were no competitor
 * (docs/api/analysis.md, stop 25). The project's own competitors always count: the analyst named
 * them.
 */
import { ALTERNATIVES_HEADING, MORE_OPTIONS_LABEL, type FoundCompetitor } from './competitors';
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

/** Where an answer weighs a name: a table, a heading, bold text, the lead of a list item. */
function isWeighedPlace(text: string, line: Line | undefined, span: EvidenceSpan): boolean {
  if (!line) return false;
  if (line.kind === 'table' || line.kind === 'heading') return true;
  return inBold(text, line, span) || (line.kind === 'list' && leadsItem(text, line, span));
}

/** Whether the offset stands in a section headed "Alternatives" / "Другие варианты": it names peers. */
function underAlternatives(text: string, lines: Line[], at: number): boolean {
  for (let i = lines.findIndex((l) => l.end >= at); i >= 0; i--) {
    if (lines[i].kind === 'heading')
      return ALTERNATIVES_HEADING.test(text.slice(lines[i].contentStart, lines[i].end));
  }
  return false;
}

/** A name written once in passing (see above), its companions aside. */
function isPassing(text: string, lines: Line[], spans: EvidenceSpan[]): boolean {
  if (spans.length !== 1) return false;
  const [span] = spans;
  const line = lineAt(lines, span.start);
  if (!line || (line.kind !== 'list' && line.kind !== 'text')) return false;
  if (isWeighedPlace(text, line, span) || underAlternatives(text, lines, span.start)) return false;
  if (MORE_OPTIONS_LABEL.test(text.slice(line.start, span.start))) return false;
  if (EXAMPLE_BEFORE.test(text.slice(Math.max(line.start, span.start - 30), span.start))) return false;
  // The subject of its own sentence is discussed, not passed by ("Tele2 остаётся самым доступным").
  const { start } = sentenceAround(text, span.start);
  return !/^[\s*_«"„“(]*$/.test(text.slice(start, span.start));
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
  const passing = new Set(
    placed.filter((c) => !c.known && isPassing(text, lines, spansOf.get(c.name) ?? [])).map((c) => c.name),
  );
  if (!passing.size) return found;
  const laidOut =
    placed.filter((c) => {
      const first = spansOf.get(c.name)?.[0];
      return first && isWeighedPlace(text, lineAt(lines, first.start), first);
    }).length >= 2;
  const lone = new Set<string>();
  for (const name of passing) {
    const span = spansOf.get(name)![0];
    const { start, end } = sentenceAround(text, span.start);
    const inSentence = (s: EvidenceSpan) => s !== span && s.start >= start && s.end <= end;
    const companion = laidOut
      ? evidence.competitors.some((s) => inSentence(s) && !passing.has(s.name))
      : evidence.brand.some(inSentence) || evidence.competitors.some(inSentence);
    if (!companion) lone.add(name);
  }
  if (!lone.size) return found;
  return {
    evidence: { brand: evidence.brand, competitors: evidence.competitors.filter((s) => !lone.has(s.name)) },
    placed: placed.filter((c) => !lone.has(c.name)),
  };
}
