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
import type { Subject } from './not-competitors';
import { sentenceAround } from './text';

interface Lists {
  /** Keys of names that are never this brand's competitors. */
  never: Set<string>;
  /** Keys of companies of another kind: competitors only when compared with the brand or its peers. */
  otherKind: Set<string>;
}
const listsCache = new Map<string, Lists>();

/** The lists for one brand (cached per brand and activities: a project's answers share them). */
export function listsFor(subject: Subject): Lists {
  // The brand and the products the answer writes after it ("Apple Pay") say what kind it is.
  const brandPhrases = [...subject.brandNames, ...brandProducts(subject)];
  const key = `${brandPhrases.join('\u0001')}\u0002${subject.activities}`;
  let lists = listsCache.get(key);
  if (lists) return lists;
  const activities = subject.activities.toLowerCase();
  const brandKeys = brandPhrases.map(nameKey);
  lists = { never: new Set(TERMS.map(nameKey)), otherKind: new Set() };
  for (const category of Object.values(CATEGORIES)) {
    const keys = category.names.map(nameKey);
    if (brandKeys.some((b) => keys.includes(b))) continue;
    if (!category.competesWhen) for (const k of keys) lists.never.add(k);
    else if (!category.competesWhen.test(activities)) for (const k of keys) lists.otherKind.add(k);
  }
  if (listsCache.size > 200) listsCache.clear();
  listsCache.set(key, lists);
  return lists;
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

/**
 * Whether a company of another kind is set against the brand or a competitor here: enumerated
 * with one ("on Airbnb or Booking.com", "Gmail and Outlook" after "compared with" the brand), or
 * named in one sentence with the brand and a comparison word.
 */
export function comparedHere(
  subject: Subject,
  at: Array<{ start: number; end: number }>,
  anchors: Array<{ start: number; end: number }>,
): boolean {
  const { text } = subject;
  for (const occurrence of at) {
    for (const anchor of anchors) {
      const [a, b] = anchor.start < occurrence.start ? [anchor, occurrence] : [occurrence, anchor];
      if (b.start < a.end || b.start - a.end > 400) continue;
      const gap = text.slice(a.end, b.start).replace(/\s+/g, ' ');
      if (gap.length <= 40 && ENUMERATION_GAP.test(gap)) return true;
    }
    const sentence = sentenceAround(text, occurrence.start);
    const brandThere = subject.brandSpans.some((s) => s.start >= sentence.start && s.end <= sentence.end);
    if (brandThere && COMPARISON.test(text.slice(sentence.start, sentence.end))) return true;
  }
  return false;
}

/** Where a competitor is written (its forms, inflected). */
export function spansOf(subject: Subject, c: FoundCompetitor): Array<{ start: number; end: number }> {
  const re = nameWithFormsRegex(c.name, c.forms, subject.russianContext);
  const out: Array<{ start: number; end: number }> = [];
  if (!re) return out;
  re.lastIndex = 0;
  for (let m = re.exec(subject.text); m && out.length < 20; m = re.exec(subject.text)) {
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}
