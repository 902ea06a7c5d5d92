/**
 * Whether a short phrase taken from a list item, a bold span, a heading or a table cell reads as
 * the name of a brand, company or product rather than a criterion or a phrase.
 */
import { COMMON_ENDINGS, GENERIC_WORDS, NAME_CONNECTORS } from './generic-words';

export interface NameVerdict {
  name: string;
  /** A signal no ordinary word carries (mixed case, digits, Latin inside Russian text, ...). */
  strong: boolean;
}

const EMOJI = /[\p{Extended_Pictographic}\uFE0F\u200D]/gu;
const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z]/;

/** Removes markdown, quotes, numbering and trailing punctuation around a candidate. */
export function cleanCandidate(raw: string): string {
  let s = raw
    .replace(EMOJI, '')
    .replace(/\[([^\]]{0,120})\]\([^)]{0,600}\)/g, '$1')
    .replace(/[*`]|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^[\d#№sSшШpP]/.test(s))
    s = s.replace(/^(?:\d{1,3}[.)]|#\d{1,3}|№\s?\d{1,3}|(?:step|шаг|schritt|paso)\s\d{1,2}[.:]?)\s*/i, '');
  s = s.replace(/\s*\([^)]{0,80}\)\s*$/, '');
  s = s.replace(/^["'«»„“”‘’(\s]+|["'«»„“”‘’)\s]+$/g, '');
  s = s.replace(/[\s:;,.!?–—-]+$/, '');
  return s.trim();
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

function hasCommonEnding(word: string): boolean {
  const w = word.toLowerCase();
  return COMMON_ENDINGS.some((re) => re.test(w));
}

/**
 * @param textIsCyrillic the answer is in Russian: Latin names in it are a strong signal.
 * @param germanNouns German capitalizes every noun, so capitals alone say little there.
 * @param lenient skip the common-ending test (the phrase's place already says it is a name).
 */
export function judgeName(
  raw: string,
  textIsCyrillic: boolean,
  germanNouns: boolean,
  /** The phrase is already known to be a name by its place (mid-sentence capital in Russian). */
  lenient = false,
): NameVerdict | null {
  const name = cleanCandidate(raw);
  if (name.length < 2 || name.length > 50) return null;
  if (!/\p{L}/u.test(name) || /[=<>{}\\|@#$€₽£%]/.test(name)) return null;
  // Quantities and units: "5x", "24h", "10GB", "4K".
  if (/^\p{N}+[.,]?\p{N}*\s?\p{L}{1,3}$/u.test(name)) return null;
  // Offers and sizes: "2x1", "3 x 2", "1920×1080".
  if (/^\p{N}+\s?[x×]\s?\p{N}+$/iu.test(name)) return null;
  // "IT-компания", "SEO-Agentur": an acronym glued to a common noun.
  if (/^[\p{Lu}\p{N}]{2,5}-\p{Ll}/u.test(name)) return null;
  const words = name.split(' ');
  if (words.length > 5) return null;
  const first = words[0];
  if (!isCapitalized(first) && !hasInnerCapital(first)) return null;
  let connectorLast = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    connectorLast = NAME_CONNECTORS.has(w.toLowerCase());
    if (connectorLast) continue;
    if (!isCapitalized(w) && !hasInnerCapital(w) && !/\p{N}/u.test(w) && !/^\.[a-z]{2,6}$/.test(w))
      return null;
  }
  if (connectorLast) return null;
  const content = words.filter((w) => !NAME_CONNECTORS.has(w.toLowerCase()));
  if (generic(name) || content.every((w) => generic(w.replace(/[-'’.]+$/, '')))) return null;
  if (content.length === 1 && /^\p{L}+$/u.test(first) && generic(first.split('-')[0])) return null;

  const latinInRussian = textIsCyrillic && LATIN.test(name) && !CYRILLIC.test(name);
  const strong =
    latinInRussian ||
    words.some((w) => hasInnerCapital(w) || (isAcronym(w) && !generic(w))) ||
    /\p{L}\p{N}|\p{N}\p{L}/u.test(name) ||
    /\.(?:com|ru|de|es|net|org|io|ai|рф)\b/i.test(name) ||
    /&/.test(name);
  if (!strong && !lenient && content.length === 1 && hasCommonEnding(first.split('-').pop() ?? first))
    return null;
  // A German noun phrase like "Niedrige Gebühren" starts with a capitalized adjective.
  if (
    germanNouns &&
    !strong &&
    content.length > 1 &&
    /(?:e|en|er|es|em)$/.test(first) &&
    !/[A-Z]{2}/.test(first)
  ) {
    if (content.some((w) => generic(w) || hasCommonEnding(w))) return null;
  }
  return { name, strong };
}
