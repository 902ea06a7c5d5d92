/**
 * analyzeAnswer: one AI answer in, the measured fields of decisions.md §5 out. Pure and
 * synchronous (no I/O, no clock), so a parse run, a re-analysis and a test all get the same result
 * for the same input. The answer is untrusted text: nothing is evaluated, every regex is bounded,
 * and only the first MAX_ANALYZED_CHARS characters are analysed.
 */
import type { AnalysisInput, AnalysisResult, Evidence } from './types';
import { distinctForms, findBrandMentions, type Span } from './brand-mentions';
import { buildComment, type Placement } from './comment';
import { extractCompetitors } from './competitors';
import { buildEvidence } from './evidence';
import { withoutExcluded } from './excluded-names';
import { reviewCompetitors } from './not-competitors';
import { CORPORATE_WORDS, NAME_CONNECTORS } from './generic-words';
import { generic } from './name-like';
import { mayHoldName, nameLiterals } from './name-pattern';
import { holdsName } from './name-scan';
import { collectSources, findUrlsInText, siteMatch } from './sources';
import { hasCyrillic, lineAt, maskUrls, sentenceAround, splitLines, type Line } from './text';
import { withoutLoneMentions } from './lone-mentions';
import { withoutBracketNotes } from './bracket-notes';
import { givesReasons, pickedForUseCase, pickedInVerdict, toneOf } from './tone';

/** Longer answers are cut here: ~25 pages of text, far beyond any chat answer. */
export const MAX_ANALYZED_CHARS = 100_000;
const MAX_TONE_SENTENCES = 50;

function brandNamesOf(input: AnalysisInput): string[] {
  const names = [input.brand, ...(input.alternativeBrands ?? [])]
    .map((n) => (n ?? '').trim())
    .filter(Boolean);
  return [...new Set(names)];
}

function placementOf(lines: Line[], index: number): Placement {
  const line = lineAt(lines, index);
  if (!line) return 'text';
  return line.kind;
}

/**
 * What stands before a name that is only the yardstick of a comparison: "cheaper than PODS",
 * "проще, чем у Хантфлоу", "günstiger als Enpal", "más barato que Anfix", "as polished as TurboTax".
 * Such a sentence judges the other name, not the brand.
 */
const COMPARED_WITH =
  /(?:\bthan|\bas\s+\p{L}+\s+as|чем(?:\s+у)?|(?:er|mehr|weniger)\s+(?:\p{L}+\s+){0,2}als|(?:más|menos|mejor|peor|mayor|menor)\s+(?:\p{L}+\s+){0,2}que)\s+(?:the\s+)?[«"“„*]*$/iu;

/**
 * The sentences that name the brand. A heading or a bold line holding little more than the name
 * ("### 1. Kaspersky") says nothing itself: the first sentence under it is what describes it.
 */
function toneSentences(text: string, spans: Span[], lines: Line[], scored: string): string[] {
  const out: string[] = [];
  let lastEnd = -1;
  for (const s of spans) {
    if (s.start < lastEnd) continue;
    if (COMPARED_WITH.test(text.slice(Math.max(0, s.start - 40), s.start))) continue;
    const line = lineAt(lines, s.start);
    // A table row is read whole: the verdict sits in other cells of the brand's row.
    // A sentence right after it that turns against it ("However, …") is read with it.
    const { start, end } = line?.kind === 'table' ? line : withTurn(text, sentenceAround(text, s.start));
    out.push(scored.slice(start, end));
    lastEnd = end;
    if (line?.kind === 'heading' && headingOnlyNames(text.slice(start, end), s.form)) {
      const next = lines.find((l) => l.start > line.end && l.text.trim() && l.kind !== 'heading');
      if (next) {
        const around = sentenceAround(
          text,
          next.contentStart + (next.text.length - next.text.trimStart().length),
        );
        out.push(scored.slice(around.start, around.end));
        lastEnd = Math.max(lastEnd, around.end);
      }
    }
    if (out.length >= MAX_TONE_SENTENCES) break;
  }
  return out;
}

const TURN =
  /^[ \u00A0]*(?:however|but|though|однако|но|впрочем|allerdings|aber|jedoch|sin embargo|pero|no obstante)[,\s]/iu;

/**
 * The sentence, and the next one when it turns against it: "Notion is the most flexible. However,
 * it is overkill for simple notes." The drawback names the brand no more, yet weighs on its praise
 * (tone.ts `withCaveat`).
 */
function withTurn(text: string, sentence: { start: number; end: number }): { start: number; end: number } {
  if (!TURN.test(text.slice(sentence.end, sentence.end + 20))) return sentence;
  return { start: sentence.start, end: sentenceAround(text, sentence.end + 2).end };
}

/** A heading holding little more than the brand's name: fewer than 25 letters beside it. */
function headingOnlyNames(heading: string, form: string): boolean {
  return (
    heading
      .replace(form, '')
      .replace(/[^\p{L}]+/gu, ' ')
      .trim().length < 25
  );
}

/**
 * The text with the brand's and the competitors' names blanked (same length, so spans still
 * point right): a name is no sentiment word ("FreeAgent", "QuickBooks", "Лидер-Авто").
 */
function withoutNames(text: string, evidence: Evidence): string {
  const names = [...evidence.brand, ...evidence.competitors].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const { start, end } of names) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    out += text.slice(at, from) + ' '.repeat(end - from);
    at = end;
  }
  return out + text.slice(at);
}

/**
 * The own brand's products: for a brand with a corporate word ("Альфа-Банк", "Sabadell Bank"), a
 * name that starts with its core ("Альфа-Карта", "Альфа Инвестиции") belongs to the brand's family,
 * not to a competitor. Adjective cores ("Deutsche Bank", "Berliner Bank") are left out: "Deutsche
 * Telekom" is not Deutsche Bank's.
 */
function familyRegex(names: string[]): RegExp | null {
  const cores: string[] = [];
  for (const name of names) {
    const words = name.split(/[\s\-‐‑–]+/u).filter(Boolean);
    const core = words.filter((w) => !CORPORATE_WORDS.has(w.toLowerCase()));
    if (core.length === words.length || core.length !== 1) continue;
    const w = core[0];
    if (w.length < 3 || /(?:e|er|es|en|ий|ый|ой|ая|ое|ский)$/u.test(w)) continue;
    cores.push(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }
  return cores.length ? new RegExp(`^(?:${cores.join('|')})(?=$|[\\s\\-‐‑–])`, 'iu') : null;
}

/** Lowercase, `ё` as `е`, words apart. */
const foldWords = (phrase: string) => phrase.toLowerCase().replace(/ё/g, 'е').split(/\s+/u).filter(Boolean);

/**
 * The leading words of a multiword brand: "Северный" for "Северный ветер", "Viento" and "Viento
 * Norte" for "Viento Norte CRM". Only prefixes a name could be: not ending in a connector, not only
 * generic words ("Best" of "Best Buy" stays an ordinary word).
 */
function brandPrefixes(names: string[]): string[][] {
  const prefixes: string[][] = [];
  for (const name of names) {
    const words = foldWords(name);
    for (let n = 1; n < words.length; n++) {
      const prefix = words.slice(0, n);
      if (NAME_CONNECTORS.has(prefix[n - 1]) || prefix.every((w) => generic(w))) continue;
      prefixes.push(prefix);
    }
  }
  return prefixes;
}

/** A Russian case ending after a brand word's stem ("Суши" → "Сушами"; "Сушкоф" is another word). */
const RUSSIAN_ENDING = /^[а-я]?(?:а|я|ы|и|у|ю|е|о|ой|ей|ом|ем|ам|ям|ах|ях|ами|ями|ов|ев)?$/;

/** A word as written in the brand, or a Russian case form of it ("Северного" for "Северный"). */
function sameWord(written: string, brandWord: string): boolean {
  if (written === brandWord) return true;
  if (!/[а-я]$/.test(brandWord) || brandWord.length < 4) return false;
  const stem = brandWord.slice(0, -2);
  return (
    written.startsWith(stem) &&
    written.length <= brandWord.length + 2 &&
    /^[а-я]+$/.test(written) &&
    RUSSIAN_ENDING.test(written.slice(stem.length))
  );
}

/**
 * A fragment of the own brand cut short is the own brand, never a competitor: a run of capitals
 * ends where the brand's lowercase word begins ("Ещё вариант: Северный ветер" gives "Северный").
 * Plain string tests, not a regex: this runs for every phrase judged, and a cached `^…$` regex here
 * measured ~40% slower on the 24-known-competitors bench (the cause was not pinned down).
 */
function isBrandPrefix(phrase: string, prefixes: string[][]): boolean {
  if (!prefixes.length) return false;
  const words = foldWords(phrase);
  return prefixes.some((p) => p.length === words.length && p.every((w, i) => sameWord(words[i], w)));
}

const ownBrandTests = new Map<string, (phrase: string) => boolean>();

/**
 * Whether a phrase is the own brand: one of its family, a fragment of its name, or a phrase holding
 * its name. Built once per brand, and remembered per phrase across the brand's answers (phrases
 * recur, and the answer is none of the test's inputs).
 */
function ownBrandTest(brandNames: string[], russianContext: boolean): (phrase: string) => boolean {
  const key = (russianContext ? 'r' : 'l') + brandNames.join('\u0001');
  const cached = ownBrandTests.get(key);
  if (cached) return cached;
  const family = familyRegex(brandNames);
  const prefixes = brandPrefixes(brandNames);
  const literals = nameLiterals(brandNames, russianContext);
  const judged = new Map<string, boolean>();
  const isOwnBrand = (phrase: string) => {
    let own = judged.get(phrase);
    if (own === undefined) {
      own =
        !!family?.test(phrase.trim()) ||
        isBrandPrefix(phrase, prefixes) ||
        (mayHoldName(phrase, literals) && holdsName(phrase, brandNames, russianContext));
      if (judged.size > 5000) judged.clear();
      judged.set(phrase, own);
    }
    return own;
  };
  if (ownBrandTests.size > 500) ownBrandTests.clear();
  ownBrandTests.set(key, isOwnBrand);
  return isOwnBrand;
}

export function analyzeAnswer(input: AnalysisInput): AnalysisResult {
  const text = (input.text ?? '').slice(0, MAX_ANALYZED_CHARS);
  const language = input.language;
  const textUrls = findUrlsInText(text);
  const masked = maskUrls(text, textUrls);
  const russianContext = language === 'ru' || hasCyrillic(masked);
  const brandNames = brandNamesOf(input);

  const spans = brandNames.length ? findBrandMentions(masked, brandNames, russianContext) : [];
  const mention = spans.length > 0 ? 1 : 0;
  const lines = splitLines(masked);

  const isOwnBrand = ownBrandTest(brandNames, russianContext);
  const extracted = extractCompetitors({
    text: masked,
    lines,
    language,
    brandSpans: spans,
    textIsCyrillic: hasCyrillic(masked),
    germanNouns: language === 'de',
    isOwnBrand,
    known: input.knownCompetitors ?? [],
    russianContext,
    trade: [input.activities ?? '', ...brandNames].join(' '),
  });
  const excluded = [...(input.excludedNames ?? []), ...(input.ownProducts ?? [])];
  const reviewed = reviewCompetitors(extracted, {
    brandNames,
    language,
    activities: input.activities ?? '',
    russianContext,
    text: masked,
    brandSpans: spans,
  });
  const { evidence, placed: found } = withoutBracketNotes(
    masked,
    withoutLoneMentions(
      masked,
      lines,
      buildEvidence(masked, spans, withoutExcluded(reviewed, excluded, russianContext), russianContext),
    ),
  );
  const competitors = found.map((c) => c.name);

  const brandReading = mention
    ? readBrand(masked, spans, lines, found, evidence, brandNames[0], language)
    : { mentionPosition: null, tone: null, comment: null };

  const urls = collectSources(input.citations ?? [], textUrls);
  const site = siteMatch(urls, input.domain ?? '', input.domainAliases ?? [], input.includeSubdomains);

  return {
    mention,
    mention_position: brandReading.mentionPosition,
    tone: brandReading.tone,
    occurrences: distinctForms(spans),
    competitors,
    urls,
    site_mentioned: site.site_mentioned,
    site_position: site.site_position,
    comment: brandReading.comment,
    evidence,
  };
}

/** Where the brand stands among the competitors, the tone toward it and the comment on it. */
function readBrand(
  masked: string,
  spans: Span[],
  lines: Line[],
  found: Array<{ first: number }>,
  evidence: Evidence,
  brand: string,
  language: AnalysisInput['language'],
): { mentionPosition: number; tone: AnalysisResult['tone']; comment: string } {
  const brandFirst = spans[0].start;
  const mentionPosition = 1 + found.filter((c) => c.first < brandFirst).length;
  const sentences = toneSentences(masked, spans, lines, withoutNames(masked, evidence));
  const picks =
    (spans.some((s) => pickedForUseCase(masked, s) || pickedInVerdict(masked, s)) ? 1 : 0) +
    (sentences.some(givesReasons) ? 1 : 0);
  const tone = toneOf(sentences, language, picks);
  const comment = buildComment({
    brand,
    position: mentionPosition,
    brands: found.length + 1,
    tone,
    placement: placementOf(lines, brandFirst),
    language,
  });
  return { mentionPosition, tone, comment };
}
