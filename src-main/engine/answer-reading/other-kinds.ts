/**
 * Companies of another kind than the brand: regulators, payment networks, marketplaces, comparison
 * sites, integrations (lexicon/categories.ts). Some are never competitors; marketplaces and the
 * like are, for a brand of the same kind (by its name, the products the answer writes after it, or
 * the project's activities) or where the answer sets them against the brand or a competitor.
 */
import type { FoundCompetitor } from './competitors';
import { CATEGORIES, TERMS } from './lexicon/categories';
import { nameKey } from './lexicon/name-key';
import { nameWithFormsRegex } from './name-pattern';
import { findNamedSpans } from './name-scan';
import type { Subject } from './not-competitors';
import { sentenceAround } from './text';
import type { Language } from './types';

/** What a listed name is: a term, or a name of a category (built once per process). */
let kindOf: Map<string, string> | null = null;

function kinds(): Map<string, string> {
  if (kindOf) return kindOf;
  kindOf = new Map();
  for (const [category, { names }] of Object.entries(CATEGORIES)) {
    for (const name of names) if (!kindOf.has(nameKey(name))) kindOf.set(nameKey(name), category);
  }
  for (const term of TERMS) kindOf.set(nameKey(term), 'term');
  return kindOf;
}

/** Whether the name is a company of the shipped categories (a bank, an insurer, a marketplace…). */
export function isListedCompany(name: string): boolean {
  const kind = kinds().get(nameKey(name));
  return kind !== undefined && kind !== 'term';
}

export interface Lists {
  /** Whether the name (by its key) is never this brand's competitor. */
  never(key: string): boolean;
  /** Whether it is a company of another kind: a competitor only when compared with the brand. */
  otherKind(key: string): boolean;
}
const competingCache = new Map<string, Set<string>>();

/**
 * The categories this brand competes in: the brand, or a product the answer writes after it
 * ("Apple Pay"), is one of their names, or the project's activities or the brand's name say so.
 * Cached per brand.
 */
function competingCategories(subject: Subject): Set<string> {
  const brandPhrases = [...subject.brandNames, ...brandProducts(subject)];
  const cacheKey = `${brandPhrases.join('\u0001')}\u0002${subject.activities}`;
  let competing = competingCache.get(cacheKey);
  if (competing) return competing;
  // The brand's own name may say its trade ("Точка Банк", "Starling Bank") when no activities do.
  const activities = `${subject.activities} ${subject.brandNames.join(' ')}`.toLowerCase();
  competing = new Set(
    brandPhrases.map((b) => kinds().get(nameKey(b))).filter((k): k is string => !!k && k !== 'term'),
  );
  for (const [category, { competesWhen }] of Object.entries(CATEGORIES)) {
    if (competesWhen && saysKind(activities, competesWhen, subject.language)) competing.add(category);
  }
  if (competingCache.size > 500) competingCache.clear();
  competingCache.set(cacheKey, competing);
  return competing;
}

/**
 * Nouns after which a word of a kind still names the brand's kind: "streaming service", "retail
 * chain", "insurance company".
 */
const KIND_HEADS =
  /^(?:services?|providers?|compan(?:y|ies)|platforms?|apps?|brands?|chains?|stores?|shops?|networks?|operators?|business(?:es)?|firms?|agenc(?:y|ies)|groups?|sites?|websites?|marketplaces?|retailers?|software|solutions?|and|or|for|with|in|of|to|from|on|at|by|as)$/;

/**
 * Whether the activities say the brand is of a kind: a word of the kind, not as an English modifier
 * of another noun ("podcast hosting", "social media scheduling", "insurance vehicles" say what the
 * brand works with, not what it is).
 */
function saysKind(activities: string, kind: RegExp, language: Language): boolean {
  const all = new RegExp(kind.source, `${kind.flags.replace('g', '')}g`);
  for (let m = all.exec(activities); m; m = all.exec(activities)) {
    const after = /^\p{L}*\s+([a-z]+)/u.exec(activities.slice(m.index + m[0].length));
    if (!after || language !== 'en' || KIND_HEADS.test(after[1])) return true;
    if (m[0].length === 0) all.lastIndex++;
  }
  return false;
}

export function listsFor(subject: Subject): Lists {
  const competing = competingCategories(subject);
  const map = kinds();
  return {
    never(key) {
      const kind = map.get(key);
      return (
        kind === 'term' || (kind !== undefined && !competing.has(kind) && !CATEGORIES[kind].competesWhen)
      );
    },
    otherKind(key) {
      const kind = map.get(key);
      return kind !== undefined && kind !== 'term' && !competing.has(kind) && !!CATEGORIES[kind].competesWhen;
    },
  };
}

/** "Apple Pay" where the answer writes the brand "Apple" followed by "Pay". */
function brandProducts(subject: Subject): string[] {
  const out: string[] = [];
  for (const span of subject.brandSpans.slice(0, 5)) {
    const next = /^[ \u00A0]+([\p{Lu}][\p{L}.]{1,15})/u.exec(subject.text.slice(span.end, span.end + 20));
    const product = next && `${subject.text.slice(span.start, span.end)} ${next[1]}`;
    if (product && !out.includes(product)) out.push(product);
  }
  return out;
}

/** What may stand between two names of one enumeration: "X, Y", "X or Y", "[X](…) and [Y](…)". */
const ENUMERATION_GAP =
  /^[\s*_[\]()"«»„“”,;/&–—-]*(?:(?:and|or|und|oder|sowie|y|o|e|и|или|vs\.?|versus)[\s*_[\]()"«»„“”,;/–—-]*)?$/iu;
/** Words that set a name against the brand: "compared with", "than", "instead of". */
const COMPARISON =
  /\b(?:compared?|comparison|vs\.?|versus|than|alternatives?|instead of|rivals?|competitors?|im vergleich|vergleich\w*|als|statt|anstelle|alternative\w*|konkurren\w*|comparad[oa]s?|frente a|que|en lugar de|alternativas?|competidor\w*)\b|сравн\p{L}*|чем|альтернатив\p{L}*|вместо|конкурент\p{L}*/iu;

const LIST_MARKER = /^[ \t]*(?:\d{1,3}[.)]|[-*•])[ \t]+[*_[]*/;

/** The offset where the list item holding `at` opens its name ("1. [HUK24](…)"), or -1. */
function listLeadStart(text: string, at: number): number {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const marker = LIST_MARKER.exec(text.slice(lineStart, at + 1));
  return marker && lineStart + marker[0].length === at ? lineStart : -1;
}

/**
 * Whether the name at `at` leads an item of a list whose other item the brand leads: "1. HUK24 …
 * 2. Haftpflichtkasse … 3. Allianz" ranks them against each other.
 */
function ledBesideBrand(subject: Subject, at: number): boolean {
  const { text } = subject;
  const lineStart = listLeadStart(text, at);
  if (lineStart < 0) return false;
  const { from, to } = listAround(text, lineStart);
  return subject.brandSpans.some((b) => b.start >= from && b.start < to && listLeadStart(text, b.start) >= 0);
}

/** The list lines around the one at `lineStart` (blank lines between numbered items allowed). */
function listAround(text: string, lineStart: number): { from: number; to: number } {
  const listOrBlank = (line: string) => !line.trim() || LIST_MARKER.test(line);
  let from = lineStart;
  while (from > 0) {
    const prev = text.lastIndexOf('\n', from - 2) + 1;
    if (!listOrBlank(text.slice(prev, from - 1))) break;
    from = prev;
  }
  let to = lineStart;
  while (to < text.length) {
    const newline = text.indexOf('\n', to);
    const lineEnd = newline < 0 ? text.length : newline;
    if (!listOrBlank(text.slice(to, lineEnd))) break;
    to = lineEnd + 1;
  }
  return { from, to };
}

/**
 * The text between two names with its spaces collapsed, when that is 40 characters or less: a
 * count of the other characters first spares collapsing the long gaps (most of them).
 */
function shortGap(text: string, from: number, to: number): string | null {
  let others = 0;
  for (let i = from; i < to; i++) if (!/\s/.test(text[i]) && ++others > 40) return null;
  const gap = text.slice(from, to).replace(/\s+/g, ' ');
  return gap.length <= 40 ? gap : null;
}

/**
 * Whether a company of another kind is set against the brand or a competitor here: enumerated
 * with one ("on Airbnb or Booking.com", "Gmail and Outlook" after "compared with" the brand),
 * ranked beside the brand in one list, or named in one sentence with the brand and a comparison
 * word.
 */
export function comparedHere(
  subject: Subject,
  at: Array<{ start: number; end: number }>,
  anchors: Array<{ start: number; end: number }>,
): boolean {
  const { text } = subject;
  for (const occurrence of at) {
    if (ledBesideBrand(subject, occurrence.start)) return true;
    for (const anchor of anchors) {
      const [a, b] = anchor.start < occurrence.start ? [anchor, occurrence] : [occurrence, anchor];
      if (b.start < a.end || b.start - a.end > 400) continue;
      const gap = shortGap(text, a.end, b.start);
      if (gap !== null && ENUMERATION_GAP.test(gap)) return true;
    }
    const sentence = sentenceAround(text, occurrence.start);
    const brandThere = subject.brandSpans.some((s) => s.start >= sentence.start && s.end <= sentence.end);
    if (brandThere && COMPARISON.test(text.slice(sentence.start, sentence.end))) return true;
  }
  return false;
}

/**
 * Where each of `found` is written in the answer (at most 20 places each): one pass for all of
 * them (name-scan.ts), or a regex each when folding changed the text's length.
 */
export function spansOfEach(
  subject: Subject,
  found: FoundCompetitor[],
): Array<Array<{ start: number; end: number }>> {
  const out: Array<Array<{ start: number; end: number }>> = found.map(() => []);
  const scanned = findNamedSpans(
    subject.text,
    found.map((c) => [c.name, ...c.forms]),
    subject.russianContext,
  );
  if (scanned) {
    for (const s of scanned) if (out[s.entry].length < 20) out[s.entry].push({ start: s.start, end: s.end });
    return out;
  }
  found.forEach((c, i) => {
    const re = nameWithFormsRegex(c.name, c.forms, subject.russianContext);
    if (!re) return;
    re.lastIndex = 0;
    for (let m = re.exec(subject.text); m && out[i].length < 20; m = re.exec(subject.text))
      out[i].push({ start: m.index, end: m.index + m[0].length });
  });
  return out;
}

/**
 * Which sure names are of the kind of the doubtful names they are enumerated with: "Nordstrom,
 * Target and Amazon", "Alibaba, AliExpress y Taobao", "Instagram, TikTok, … Bluesky". Names
 * enumerated only in runs where names of another kind are most (two or more) are of that kind too,
 * whatever list knows them. Returns the indexes into `sure` of such names.
 */
export function ofTheirCompanysKind(
  subject: Subject,
  sureSpans: Array<Array<{ start: number; end: number }>>,
  doubtfulSpans: Array<Array<{ start: number; end: number }>>,
): Set<number> {
  const { text } = subject;
  if (!sureSpans.length || doubtfulSpans.reduce((n, spans) => n + spans.length, 0) < 2) return new Set();
  const marks = [
    ...sureSpans.flatMap((spans, i) => spans.map((s) => ({ ...s, sure: i }))),
    ...doubtfulSpans.flatMap((spans) => spans.map((s) => ({ ...s, sure: -1 }))),
  ].sort((a, b) => a.start - b.start);
  const inRun = new Map<number, { taken: boolean; elsewhere: boolean }>();
  let i = 0;
  while (i < marks.length) {
    let j = i;
    while (j + 1 < marks.length && enumeratedNext(text, marks[j], marks[j + 1])) j++;
    const run = marks.slice(i, j + 1);
    const doubtful = run.filter((m) => m.sure < 0).length;
    const ofKind = doubtful >= 2 && doubtful * 2 > run.length;
    for (const m of run) {
      if (m.sure < 0) continue;
      const seen = inRun.get(m.sure) ?? { taken: false, elsewhere: false };
      if (ofKind) seen.taken = true;
      else seen.elsewhere = true;
      inRun.set(m.sure, seen);
    }
    i = j + 1;
  }
  return new Set([...inRun].filter(([, s]) => s.taken && !s.elsewhere).map(([k]) => k));
}

function enumeratedNext(text: string, a: { end: number }, b: { start: number }): boolean {
  return b.start >= a.end && b.start - a.end <= 40 && ENUMERATION_GAP.test(text.slice(a.end, b.start));
}
