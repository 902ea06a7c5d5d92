/**
 * Names passed by. An answer that lays out its alternatives (two or more names in bold, list leads,
 * tables or headings) weighs its peers there, in a section or after a label of other options ("##
 * Alternativen", "**Weitere Optionen:** …"), or in a sentence naming alternatives. A name it only
 * ever writes elsewhere in running text — a regulator, a shop, a tool, a place — is passed by, not
 * weighed: on the answers written blind to the analyser (held-out-10 and -11, stop 27), 15 of 120
 * such names were competitors, against 428 of 555 weighed ones (docs/api/analysis.md, stop 27).
 *
 * An answer all in prose has no other place to weigh them: there a name written once, not the
 * subject of its sentence nor an example after "such as" / "например" / "wie" / "como", counts
 * only beside another name of its findings (the brand or a competitor) in its sentence, where such
 * an answer compares ("Т-Банк и Сбер дают сопоставимые ставки").
 * The project's own competitors always count: the analyst named them.
 */
import { alternativeSectionsOf, MORE_OPTIONS_LABEL, type FoundCompetitor } from './competitors';
import type { Evidence, EvidenceSpan } from './types';
import { lineAt, sentenceAround, type Line } from './text';

type Section = { start: number; end: number };

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

/** A sentence that names the brand's alternatives, rivals or other options. */
const PEERS_WORD =
  /alternativ|альтернатив|competitor|конкурент|konkurrent|wettbewerber|competidor|rival|other options|andere optionen|otras opciones|другие варианты/iu;

const sentenceOf = (text: string, at: number) => {
  const { start, end } = sentenceAround(text, at);
  return text.slice(start, end);
};

/**
 * Where an answer weighs a name: see `isWeighedPlace`; a section or a label of other options; a
 * sentence naming alternatives ("Günstigere Alternativen sind Discounter wie Congstar", "LastPass
 * and NordPass are the other options").
 */
function weighedHere(text: string, lines: Line[], sections: Section[], span: EvidenceSpan): boolean {
  const line = lineAt(lines, span.start);
  return (
    isWeighedPlace(text, line, span) ||
    sections.some((s) => s.start <= span.start && span.start < s.end) ||
    (!!line && MORE_OPTIONS_LABEL.test(text.slice(line.start, span.start))) ||
    PEERS_WORD.test(sentenceOf(text, span.start))
  );
}

/** A name an answer of prose writes once in passing (see above), its companions aside. */
function isPassing(text: string, lines: Line[], sections: Section[], spans: EvidenceSpan[]): boolean {
  if (spans.length !== 1) return false;
  const [span] = spans;
  const line = lineAt(lines, span.start);
  if (!line || (line.kind !== 'list' && line.kind !== 'text')) return false;
  if (weighedHere(text, lines, sections, span)) return false;
  if (EXAMPLE_BEFORE.test(text.slice(Math.max(line.start, span.start - 30), span.start))) return false;
  // The subject of its own sentence is discussed, not passed by ("Tele2 остаётся самым доступным").
  const { start } = sentenceAround(text, span.start);
  return !/^[\s*_«"„“(]*$/.test(text.slice(start, span.start));
}

/** The findings without the names passed by (see above). */
export function withoutLoneMentions(
  text: string,
  lines: Line[],
  found: { evidence: Evidence; placed: FoundCompetitor[] },
): { evidence: Evidence; placed: FoundCompetitor[] } {
  const { evidence, placed } = found;
  const spansOf = new Map<string, EvidenceSpan[]>();
  for (const s of evidence.competitors) spansOf.set(s.name, [...(spansOf.get(s.name) ?? []), s]);
  const sections = alternativeSectionsOf(text, lines);
  const laidOut =
    placed.filter((c) => {
      const first = spansOf.get(c.name)?.[0];
      return first && isWeighedPlace(text, lineAt(lines, first.start), first);
    }).length >= 2;
  const inSentenceOf = (span: EvidenceSpan) => {
    const { start, end } = sentenceAround(text, span.start);
    return (s: EvidenceSpan) => s !== span && s.start >= start && s.end <= end;
  };
  const lone = new Set(
    placed
      .filter((c) => {
        if (c.known) return false;
        const spans = spansOf.get(c.name) ?? [];
        if (laidOut) return !spans.some((s) => weighedHere(text, lines, sections, s));
        if (!isPassing(text, lines, sections, spans)) return false;
        const companion = inSentenceOf(spans[0]);
        return !evidence.brand.some(companion) && !evidence.competitors.some(companion);
      })
      .map((c) => c.name),
  );
  if (!lone.size) return found;
  return {
    evidence: { brand: evidence.brand, competitors: evidence.competitors.filter((s) => !lone.has(s.name)) },
    placed: placed.filter((c) => !lone.has(c.name)),
  };
}
