/**
 * Whether a short phrase taken from a list item, a bold span, a heading or a table cell reads as
 * the name of a brand, company or product rather than a criterion or a phrase.
 */
import { COMMON_ENDINGS, GENERIC_WORDS, NAME_CONNECTORS } from './generic-words';
import { isDictionaryWord } from './lexicon/dictionary';
import type { Language } from './types';

export interface NameVerdict {
  name: string;
  /** A signal no ordinary word carries (mixed case, digits, Latin inside Russian text, ...). */
  strong: boolean;
  /**
   * One word in capitals ("ING", "FGD", "ДТП"): a name in a list, a table or an enumeration of
   * names, but in running prose as often the acronym of a law, a tax or a concept.
   */
  acronym: boolean;
  /**
   * One word that ends like a common noun or adjective of the answer's language ("Pipedrive"?
   * "Intuitive"?): only its place decides, a list or table of other names (see competitors.ts).
   */
  ordinaryEnding: boolean;
  /**
   * German: two or more capitalized words not led by an adjective ("Costa Coffee", "Tim Hortons").
   * German writes compound nouns as one word, so such a phrase is a name, not a noun phrase.
   */
  germanPhraseName: boolean;
}

/** How the answer writes: what a capital letter or a word ending says depends on it. */
export interface NameRules {
  language: Language;
  /** The answer is in Russian: Latin names in it are a strong signal. */
  textIsCyrillic: boolean;
  /** German capitalizes every noun, so capitals alone say little there. */
  germanNouns: boolean;
}

const EMOJI = /[\p{Extended_Pictographic}\uFE0F\u200D]/gu;
const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z]/;

/** Abbreviations that end a name with their period: "Tiffany & Co.", "Carl's Jr.". */
const ABBREVIATION_END = /(?:^|[\s&])(?:Co|Jr|Inc|Ltd|Corp|Bros)$/;

/** Removes markdown, quotes, numbering and trailing punctuation around a candidate. */
export function cleanCandidate(raw: string): string {
  let s = raw
    .replace(EMOJI, '')
    .replace(/\[([^\]]{0,120})\]\([^)]{0,600}\)/g, '$1')
    // Markup goes; a lone star inside a word is part of the name ("585*Золотой").
    .replace(/(?<![\p{L}\p{N}])\*|\*(?![\p{L}\p{N}])|\*(?=\*)|`|__/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^[\d#№sSшШpPrRмМtToOвВvV]/.test(s))
    s = s.replace(
      /^(?:\d{1,3}[.)]|#\d{1,3}|№\s?\d{1,3}|(?:step|шаг|schritt|paso|platz|place|rang|место|puesto|top|option|opción|вариант|variante)\s\d{1,2}[.:]?)\s*/i,
      '',
    );
  s = s.replace(/\s*\([^)]{0,80}\)\s*$/, '');
  s = s.replace(/^["'«»„“”‘’(\s]+|["'«»„“”‘’)\s]+$/g, '');
  // "Tiffany & Co.", "R.O.C.S.": an abbreviation keeps its period.
  s = s.replace(/[\s:;,.!?–—-]+$/, (tail, at: number) =>
    tail.startsWith('.') &&
    (ABBREVIATION_END.test(s.slice(0, at)) || /(?:^|\s)(?:\p{Lu}\.){2,}\p{Lu}$/u.test(s.slice(0, at)))
      ? '.'
      : '',
  );
  return s.trim();
}

const JOINING_WORD = /^(?:and|und|y|и|or|oder|o|или|&)$/;

function longestJoinedPart(words: string[]): number {
  let longest = 0;
  let run = 0;
  for (const w of words) {
    run = JOINING_WORD.test(w) ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

function isCapitalized(word: string): boolean {
  const c = word[0];
  return (c !== c.toLowerCase() && c === c.toUpperCase()) || /^\p{N}/u.test(word);
}

/** iPhone, eBay, PayPal, МегаФон: an inner capital after a lowercase letter. */
function hasInnerCapital(word: string): boolean {
  return /\p{Ll}\p{Lu}/u.test(word);
}

function isAcronym(word: string): boolean {
  return /^[\p{Lu}\p{N}&]{2,6}$/u.test(word) && /\p{Lu}/u.test(word);
}

const RU_BASE_ENDINGS = ['', 'а', 'я', 'ь', 'й', 'о', 'е', 'ы', 'и'];

/** In the generic list, also as a Russian inflected form ("России", "Москве", "Европу"). */
export function generic(word: string): boolean {
  const w = word.toLowerCase();
  if (GENERIC_WORDS.has(w) || GENERIC_WORDS.has(w.replace(/ё/g, 'е'))) return true;
  if (!CYRILLIC.test(w) || w.length < 4) return false;
  for (const cut of [1, 2]) {
    const stem = w.slice(0, -cut);
    if (RU_BASE_ENDINGS.some((e) => GENERIC_WORDS.has(stem + e))) return true;
  }
  return false;
}

/** A word of the dictionary of its script: Cyrillic words are Russian, Latin ones the answer's. */
function isOrdinaryWord(word: string, language: Language): boolean {
  if (!/^\p{L}+$/u.test(word)) return false;
  if (CYRILLIC.test(word)) return isDictionaryWord(word, 'ru');
  return isDictionaryWord(word, language === 'ru' ? 'en' : language);
}

/** "Live-Kurse", "E-Mail-Support": a hyphenated compound of ordinary words (of the language or English). */
function ordinaryCompound(word: string, language: Language): boolean {
  const parts = word.split('-');
  return (
    parts.length > 1 &&
    parts.every((p) => p.length >= 2 && (isOrdinaryWord(p, language) || isOrdinaryWord(p, 'en')))
  );
}

function hasCommonEnding(word: string, language: Language): boolean {
  const w = word.toLowerCase();
  return (COMMON_ENDINGS[language] ?? COMMON_ENDINGS.en).some((re) => re.test(w));
}

const ADJECTIVE_SHAPE = /(?:e|en|er|es|em)$/;

/** Short Russian words that end no name: "Курорты под Сочи", "Кофе для дома". */
const RUSSIAN_FUNCTION_WORDS = new Set(
  'для под без при над про как или что это все его она они уже так там тут вот еще ещё мой свой'.split(' '),
);

/**
 * "Строительный двор", "Детский мир": two Russian words, the second lowercase. Not a generic head
 * ("Сайт авиакомпании") nor one with a common-noun ending of an action or a quality ("Взятие крови").
 */
function isRussianNameTail(words: string[]): boolean {
  const [head, tail] = words;
  return (
    words.length === 2 &&
    /^[А-ЯЁ][а-яё-]{3,}$/.test(head) &&
    /^[а-яё-]{3,}$/.test(tail) &&
    !RUSSIAN_FUNCTION_WORDS.has(tail) &&
    !generic(head) &&
    !/(?:ние|тие|ость|ция)$/.test(head)
  );
}

/**
 * @param lenient skip the common-ending test (the phrase's place already says it is a name:
 *   a mid-sentence capital in Russian, an item after "such as").
 * @param dictionary whether a dictionary word is an ordinary word here: where a capital marks a
 *   name (mid-sentence, outside German) "Orange" or "Discover" is one; at the start of a sentence,
 *   list item, heading or cell, "Compare" or "Ventajas" is a word.
 */
export function judgeName(
  raw: string,
  rules: NameRules,
  lenient = false,
  dictionary = true,
): NameVerdict | null {
  // Two maps deep: the few combinations of rules, then the phrase as written (a joined key would
  // be a new string to build and hash for every phrase judged).
  const rulesKey = `${rules.language}${+rules.textIsCyrillic}${+rules.germanNouns}${+lenient}${+dictionary}`;
  let byPhrase = judged.get(rulesKey);
  if (!byPhrase) judged.set(rulesKey, (byPhrase = new Map()));
  let verdict = byPhrase.get(raw);
  if (verdict === undefined) {
    if (byPhrase.size > 20_000) byPhrase.clear();
    byPhrase.set(raw, (verdict = judgeAfresh(raw, rules, lenient, dictionary)));
  }
  return verdict;
}

/**
 * Memoised verdicts, as the dictionary's: the phrases of a project's answers recur from answer to
 * answer (its competitors, "Pros", "Вывод"), and judging one is the costliest step of extraction.
 */
const judged = new Map<string, Map<string, NameVerdict | null>>();

function judgeAfresh(
  raw: string,
  rules: NameRules,
  lenient: boolean,
  dictionary: boolean,
): NameVerdict | null {
  const { textIsCyrillic, germanNouns, language } = rules;
  const name = cleanCandidate(raw);
  if (name.length < 2 || name.length > 50) return null;
  if (!/\p{L}/u.test(name) || /[=<>{}\\|@#$€₽£%]/.test(name)) return null;
  // Quantities and units: "5x", "24h", "10GB", "4K".
  if (/^\p{N}+[.,]?\p{N}*\s?\p{L}{1,3}$/u.test(name)) return null;
  // Offers and sizes: "2x1", "3 x 2", "1920×1080".
  if (/^\p{N}+\s?[x×]\s?\p{N}+$/iu.test(name)) return null;
  // "IT-компания", "SEO-Agentur": an acronym glued to a common noun.
  if (/^[\p{Lu}\p{N}]{2,5}-\p{Ll}/u.test(name)) return null;
  // "NVMe-диском", "AMOLED-экран", "Wi-Fi-роутер": a Latin term glued to a Russian common noun.
  if (/^[A-Za-z\p{N}-]{2,10}-[а-яё]{4,}(?:\s|$)/u.test(name)) return null;
  const words = name.split(' ');
  // Five words make a name at most; two names joined ("Glass Doctor and Auto Glass Now") are
  // split later, each five words at most.
  if (words.length > 5 && longestJoinedPart(words) > 5) return null;
  const first = words[0];
  if (!isCapitalized(first) && !hasInnerCapital(first)) return null;
  let connectorLast = false;
  // Russian names keep their later words lowercase ("Строительный двор", "Детский мир"): such a
  // phrase is a weak name, taken only among names (as a word with a common-noun ending is).
  let lowercaseTail = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    connectorLast = NAME_CONNECTORS.has(w.toLowerCase());
    if (connectorLast) continue;
    if (!isCapitalized(w) && !hasInnerCapital(w) && !/\p{N}/u.test(w) && !/^\.[a-z]{2,6}$/.test(w)) {
      if (!textIsCyrillic || !isRussianNameTail(words)) return null;
      lowercaseTail = true;
    }
  }
  if (connectorLast) return null;
  const content = words.filter((w) => !NAME_CONNECTORS.has(w.toLowerCase()));
  if (generic(name) || content.every((w) => generic(w.replace(/[-'’.]+$/, '')))) return null;
  if (content.length === 1 && /^\p{L}+$/u.test(first) && generic(first.split('-')[0])) {
    // "De Cecco", "La Roche-Posay": an article or a particle before a word no dictionary holds is
    // part of the name; before an ordinary word ("La Española") it is not.
    const head = content[0];
    const particle = /^(?:de|del|la|le|el|van|von|da|di|du)$/i.test(first);
    if (!particle || !/^\p{Lu}\p{Ll}/u.test(head) || generic(head) || isOrdinaryWord(head, language))
      return null;
  }

  // Latin in a Russian answer marks a name, unless every word is an English word ("Data Science").
  const latinInRussian =
    textIsCyrillic &&
    LATIN.test(name) &&
    !CYRILLIC.test(name) &&
    !content.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w) && isDictionaryWord(w, 'en'));
  const strong =
    latinInRussian ||
    words.some((w) => hasInnerCapital(w) || (isAcronym(w) && !generic(w))) ||
    /\p{L}\p{N}|\p{N}\p{L}/u.test(name) ||
    /\.(?:com|ru|de|es|net|org|io|ai|рф)(?![\p{L}])/iu.test(name) ||
    /&/.test(name);
  const ordinaryEnding =
    lowercaseTail ||
    (!strong &&
      !lenient &&
      content.length === 1 &&
      (hasCommonEnding(first.split('-').pop() ?? first, language) ||
        (dictionary && (isOrdinaryWord(first, language) || ordinaryCompound(first, language)))));
  // A German noun phrase like "Niedrige Gebühren" starts with a capitalized adjective.
  const adjectiveLed = ADJECTIVE_SHAPE.test(first) && !/[A-Z]{2}/.test(first);
  if (germanNouns && !strong && content.length > 1 && adjectiveLed) {
    if (content.some((w) => generic(w) || hasCommonEnding(w, language))) return null;
  }
  const germanPhraseName =
    germanNouns && content.length > 1 && !adjectiveLed && !content.some((w) => generic(w));
  // Codes like "DDR5", "AM5", "HbA1c", "25-OH" read like acronyms: names only among names.
  // "N26", "O2" keep their strength: one letter and a number is how such brands are written.
  const code =
    content.length === 1 &&
    /\p{N}/u.test(first) &&
    !/\p{Ll}{3}/u.test(first) &&
    first.replace(/[^\p{L}]/gu, '').length >= 2;
  const acronym = content.length === 1 && ((isAcronym(first) && !/\p{N}/u.test(first)) || code);
  return { name, strong, acronym, ordinaryEnding, germanPhraseName };
}
