/**
 * Turns a brand or competitor name into a regular expression that finds it in an answer with its
 * inflected forms. Suffix patterns instead of a stemmer: a stemmer strips the *text* and then both
 * "Ozone" and "Ozon" stem alike, while a suffix list anchored on the written name keeps "Ozone" out
 * and still accepts "Ozon'а", "Яндексом", "Teslas" or "Apple's". Measured on the fixture set it is
 * both more precise and several times faster than stemming every word of every answer.
 *
 * Every pattern is a fixed sequence of literal tokens, each followed by an optional bounded
 * alternation; there is no nested quantifier, so matching stays linear in the answer's length.
 */

const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;

/** Word edges that know Unicode letters (JS `\b` only knows ASCII). */
export const WORD_START = '(?<![\\p{L}\\p{N}_])';
export const WORD_END = '(?![\\p{L}\\p{N}_])';

function escapeLiteral(s: string): string {
  return s
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/['’]/g, "['’]")
    .replace(/[её]/g, '[её]')
    .replace(/[ЕЁ]/g, '[ЕЁ]');
}

// Russian endings by the shape of the nominative. Kept short on purpose: each ending is one that
// real answers use ("в Сбербанке", "у Тинькоффа", "с Пятёрочкой", "Московского Кредитного Банка").
const RU_CONSONANT = ['а', 'у', 'ом', 'ем', 'е', 'ы', 'и', 'ов', 'ам', 'ами', 'ах', 'ой'];
const RU_A = ['а', 'ы', 'и', 'е', 'у', 'ю', 'ой', 'ей', 'ою', 'ам', 'ами', 'ах', 'я'];
const RU_SOFT = ['ь', 'я', 'ю', 'ем', 'е', 'и', 'ей', 'ям', 'ями', 'ях'];
const RU_I_KRATKOE = ['й', 'я', 'ю', 'ем', 'е', 'и', 'ев', 'ям', 'ях'];
const RU_ADJ_MASC = [
  'ий',
  'ый',
  'ой',
  'ого',
  'его',
  'ому',
  'ему',
  'им',
  'ым',
  'ом',
  'ем',
  'ие',
  'ые',
  'их',
  'ых',
];
const RU_ADJ_FEM = ['ая', 'яя', 'ой', 'ей', 'ую', 'юю', 'ые', 'ие', 'ых', 'их'];
const RU_ADJ_NEUTER = ['ое', 'ее', 'ого', 'его', 'ому', 'ему', 'ым', 'им', 'ом', 'ем'];
const RU_IE = ['ие', 'ые', 'ия', 'ию', 'ием', 'ии', 'их', 'ых', 'им', 'ым', 'ими', 'ыми'];
const RU_II = ['ии', 'ий', 'иям', 'иями', 'иях'];
const RU_PLURAL = ['ов', 'ей', 'ам', 'ям', 'ами', 'ями', 'ах', 'ях'];
const RU_K_FORMS = ['ка', 'ку', 'ком', 'ке', 'ки', 'ков', 'кам', 'ками', 'ках'];

/**
 * Latin endings: English possessive and plural, German -s/-es/-en/-n, Spanish plural -s/-es. An
 * apostrophe in an ending stands for either ' or ’.
 */
const LATIN_LONG = ["'s", "s'", 'es', 'en', 's', 'n'];
const LATIN_SHORT = ["'s"];
/** A Latin name inside Russian text: "Ozon-а", "Ozon'ом", "Ozonе". */
const LATIN_IN_RU = "(?:[-'’]?[а-яё]{1,3})";

/**
 * One token of a name as its forms are written: the literal it starts with, then one of its
 * endings (or none, when `optional`), then in Russian text maybe a Russian ending on a Latin name.
 */
interface TokenForms {
  literal: string;
  endings: string[];
  optional: boolean;
  russianTail: boolean;
}

function cyrillicForms(token: string): TokenForms {
  const lower = token.toLowerCase();
  const two = lower.slice(-2);
  const last = lower.slice(-1);
  const declined = (cut: number, endings: string[]) => ({
    literal: token.slice(0, token.length - cut),
    endings,
    optional: false,
    russianTail: false,
  });
  if (token.length >= 5 && ['ий', 'ый', 'ой'].includes(two)) return declined(2, RU_ADJ_MASC);
  if (token.length >= 5 && ['ая', 'яя'].includes(two)) return declined(2, RU_ADJ_FEM);
  if (token.length >= 5 && ['ое', 'ее'].includes(two)) return declined(2, RU_ADJ_NEUTER);
  // "Уральские" → "Уральских", "Страхование" → "Страхования": plural adjective or neuter noun.
  if (token.length >= 5 && ['ие', 'ые'].includes(two)) return declined(2, RU_IE);
  if (token.length >= 5 && two === 'ии') return declined(2, RU_II);
  // "Сандуны" → "Сандунах", "Этажи" → "Этажах": a plural name declines as a plural.
  if (token.length >= 4 && (last === 'ы' || last === 'и')) return declined(1, [last, ...RU_PLURAL]);
  // "Теремок" → "Теремка", "Восток" → "Востока": the vowel before -к may drop or stay.
  if (token.length >= 5 && /[оеё]к$/.test(lower)) {
    const vowel = token.slice(-2, -1);
    return declined(2, [...RU_K_FORMS, ...RU_K_FORMS.map((e) => vowel + e), `${vowel}к`]);
  }
  if (token.length >= 3 && (last === 'а' || last === 'я')) return declined(1, RU_A);
  if (token.length >= 3 && last === 'ь') return declined(1, RU_SOFT);
  if (token.length >= 3 && last === 'й') return declined(1, RU_I_KRATKOE);
  // "Махеевъ": the old spelling's hard sign goes in every case form ("Махеевым").
  if (token.length >= 4 && last === 'ъ') return declined(1, ['ъ', ...RU_CONSONANT, 'ым']);
  // Borrowed names ending in a vowel (Авито, Эльдорадо) do not decline in Russian.
  if (/[аеёиоуыэюя]$/.test(lower) || token.length < 3 || !CYRILLIC.test(last))
    return { literal: token, endings: [], optional: true, russianTail: false };
  // "Коркуновым", "Елисеевым": a name in -ов/-ев/-ин takes the instrumental of a surname.
  const endings = /(?:ов|ев|ин|ын)$/.test(lower) ? [...RU_CONSONANT, 'ым'] : RU_CONSONANT;
  return { literal: token, endings, optional: true, russianTail: false };
}

function latinForms(token: string, last: boolean, russianContext: boolean): TokenForms {
  if (!last) return { literal: token, endings: [], optional: true, russianTail: false };
  const letters = token.replace(/[^\p{L}]/gu, '').length;
  // Acronyms and names ending in a digit take a plain plural/genitive -s too ("DKBs", "N26s").
  // "E.ONs" too: capitals with dots between them.
  const acronym = /^[A-Z](?:\.?[A-Z]){1,4}$/.test(token) || /^\p{L}[\p{L}\p{N}]{0,6}\p{N}$/u.test(token);
  const endings =
    letters >= 4 && /\p{L}$/u.test(token)
      ? // "Great Clips'": a name ending in -s takes a bare apostrophe.
        /s$/i.test(token)
        ? [...LATIN_LONG, "'"]
        : LATIN_LONG
      : acronym
        ? [...LATIN_SHORT, 's']
        : LATIN_SHORT;
  return { literal: token, endings, optional: true, russianTail: russianContext };
}

function tokenForms(token: string, last: boolean, russianContext: boolean): TokenForms {
  if (CYRILLIC.test(token)) return cyrillicForms(token);
  if (LATIN.test(token)) return latinForms(token, last, russianContext);
  return { literal: token, endings: [], optional: true, russianTail: false };
}

function alternation(endings: string[]): string {
  // Longest first so the regex engine prefers "ами" over "а" (then WORD_END decides).
  const sorted = [...endings].sort((a, b) => b.length - a.length);
  return `(?:${sorted.map(escapeLiteral).join('|')})`;
}

function tokenSource(t: TokenForms): string {
  const tails = [
    ...(t.endings.length ? [alternation(t.endings)] : []),
    ...(t.russianTail ? [LATIN_IN_RU] : []),
  ];
  if (!tails.length) return escapeLiteral(t.literal);
  return `${escapeLiteral(t.literal)}(?:${tails.join('|')})${t.optional ? '?' : ''}`;
}

/**
 * Splits a name into tokens that may be written apart, hyphenated or glued together:
 * "Sber-Bank", "Sber Bank" and "SberBank" are one name. A glued camel-case name splits at its inner
 * capital so that the text's spaced spelling is found too.
 */
export function nameTokens(name: string): string[] {
  const parts = name
    .trim()
    .split(/[\s\-‐‑–]+/u)
    .filter(Boolean);
  const tokens: string[] = [];
  for (const part of parts) {
    const camel = part.split(/(?<=\p{Ll}{2})(?=\p{Lu}\p{Ll})/u);
    tokens.push(...camel);
  }
  return tokens;
}

/**
 * The regex source matching one name (without flags). `russianContext` allows Cyrillic endings on
 * Latin names. Tokens are joined by an optional space or hyphen.
 */
export function namePatternSource(name: string, russianContext: boolean): string | null {
  const tokens = nameTokens(name);
  if (!tokens.length) return null;
  const parts = tokens.map((token, i) =>
    tokenSource(tokenForms(token, i === tokens.length - 1, russianContext)),
  );
  const body = parts.join('(?:[ \\u00A0]?[-‐‑–]?[ \\u00A0]?)');
  // The word-start check goes after the first character: a regex that begins with a literal lets
  // the engine skip ahead to candidate positions instead of testing a lookbehind everywhere.
  const first = /^(?:\\.|\[[^\]]*\]|.)/su.exec(body);
  if (!first) return WORD_START + body + WORD_END;
  return first[0] + '(?<![\\p{L}\\p{N}_].)' + body.slice(first[0].length) + WORD_END;
}

const regexCache = new Map<string, RegExp | null>();
const REGEX_CACHE_SIZE = 2000;

/**
 * One global, case-insensitive, Unicode regex finding any of the names (longest names first).
 * Cached: the same brand and competitor names are searched in every answer of a project. The
 * regex is global, so callers reset `lastIndex` before each use (analysis is synchronous).
 */
export function namesRegex(names: string[], russianContext: boolean): RegExp | null {
  const key = (russianContext ? 'r' : 'l') + names.join('\u0001');
  const cached = regexCache.get(key);
  if (cached !== undefined) {
    if (cached) cached.lastIndex = 0;
    return cached;
  }
  const sources = [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))]
    .sort((a, b) => b.length - a.length)
    .map((n) => namePatternSource(n, russianContext))
    .filter((s): s is string => s !== null);
  const regex = sources.length ? new RegExp(sources.map((s) => `(?:${s})`).join('|'), 'giu') : null;
  if (regexCache.size >= REGEX_CACHE_SIZE) regexCache.clear();
  regexCache.set(key, regex);
  return regex;
}

/**
 * What every match of `namesRegex(names)` holds, folded (`foldForms`): the literal each name's
 * pattern starts with ("Яндекс" of "Яндексом", "Sber" of "SberBank"). A phrase holding none of
 * them cannot match: a plain string test that spares the regex (Unicode case-insensitive matching
 * costs microseconds per phrase, and most phrases judged hold no brand).
 */
export function nameLiterals(names: string[], russianContext: boolean): string[] {
  return names
    .map((n) => nameTokens(n))
    .filter((tokens) => tokens.length > 0)
    .map((tokens) => foldForms(tokenForms(tokens[0], tokens.length === 1, russianContext).literal));
}

/** Whether `phrase` may hold one of the names `literals` stand for (see `nameLiterals`). */
export function mayHoldName(phrase: string, literals: string[]): boolean {
  const folded = foldForms(phrase);
  return literals.some((l) => folded.includes(l));
}

/**
 * The regex finding a name and the spellings it was found under. Spellings the name's own pattern
 * already finds ("Яндексом" for "Яндекс") are left out of the key, so the regex is cached across a
 * project's answers instead of compiled for each answer's mix of case forms.
 */
export function nameWithFormsRegex(name: string, forms: string[], russianContext: boolean): RegExp | null {
  const own = namesRegex([name], russianContext);
  const extra = [...new Set(forms)].filter((f) => f !== name && !(own && wholly(own, f)));
  return extra.length ? namesRegex([name, ...extra], russianContext) : own;
}

/** Whether `phrase` is, as a whole, one of the names `re` matches. */
export function wholly(re: RegExp, phrase: string): boolean {
  re.lastIndex = 0;
  const m = re.exec(phrase);
  return m !== null && m.index === 0 && m[0].length === phrase.length;
}

/** Lowercase, `ё` as `е`, `’` as `'`: how name forms compare as strings. */
/** Lowercase, `ё` as `е`, `’` as `'`: same length as the input, so offsets carry over. */
export function foldForms(s: string): string {
  // Tested first: most texts hold neither, and a replace that finds nothing still costs a pass.
  let folded = s.toLowerCase();
  if (folded.includes('ё')) folded = folded.replaceAll('ё', 'е');
  if (folded.includes('’')) folded = folded.replaceAll('’', "'");
  return folded;
}

const formsCache = new Map<string, TokenForms[]>();

/**
 * Whether `phrase` as a whole is a written form of `name` — what `^namePatternSource(name)$`
 * matches, tested on strings: no regex to compile for each new name (the costly step of analysing
 * an answer full of names the process has not seen).
 */
export function isNameForm(name: string, phrase: string, russianContext: boolean): boolean {
  const folded = foldForms(phrase);
  return formEnds(name, folded, 0, russianContext).includes(folded.length);
}

function formsOf(name: string, russianContext: boolean): TokenForms[] {
  const key = (russianContext ? 'r' : 'l') + name;
  let forms = formsCache.get(key);
  if (!forms) {
    const tokens = nameTokens(name);
    forms = tokens.map((t, i) => {
      const f = tokenForms(t, i === tokens.length - 1, russianContext);
      return { ...f, literal: foldForms(f.literal), endings: f.endings.map(foldForms) };
    });
    if (formsCache.size > 5000) formsCache.clear();
    formsCache.set(key, forms);
  }
  return forms;
}

/**
 * Where a written form of `name` starting at `at` of `folded` (a text folded by `foldForms`) can
 * end, shortest to longest; none when no form starts there.
 */
export function formEnds(name: string, folded: string, at: number, russianContext: boolean): number[] {
  const forms = formsOf(name, russianContext);
  const out: number[] = [];
  if (forms.length) collectEnds(forms, 0, folded, at, out);
  return out.sort((a, b) => a - b);
}

function collectEnds(forms: TokenForms[], i: number, phrase: string, at: number, out: number[]): void {
  const t = forms[i];
  if (!phrase.startsWith(t.literal, at)) return;
  const stem = at + t.literal.length;
  const ends: number[] = t.optional || (!t.endings.length && !t.russianTail) ? [stem] : [];
  // Every ending starts with a letter or an apostrophe: most stems end a word, and skip the list.
  if (t.endings.length && /[\p{L}'’]/u.test(phrase.charAt(stem)))
    for (const e of t.endings) if (phrase.startsWith(e, stem)) ends.push(stem + e.length);
  if (t.russianTail) {
    const from = /[-']/.test(phrase.charAt(stem)) ? stem + 1 : stem;
    for (let n = 1; n <= 3 && /[а-яе]/.test(phrase.charAt(from + n - 1)); n++) ends.push(from + n);
  }
  if (i === forms.length - 1) {
    for (const end of ends) if (!out.includes(end)) out.push(end);
    return;
  }
  for (const end of ends)
    for (const next of separatorEnds(phrase, end)) collectEnds(forms, i + 1, phrase, next, out);
}

/** Where an optional space, hyphen, space between two tokens can end. */
function separatorEnds(phrase: string, at: number): number[] {
  const out = new Set<number>();
  const space = (p: number) => (phrase.charAt(p) === ' ' || phrase.charAt(p) === '\u00A0' ? [p, p + 1] : [p]);
  for (const a of space(at)) {
    const hyphens = /[-‐‑–]/.test(phrase.charAt(a)) ? [a, a + 1] : [a];
    for (const b of hyphens) for (const c of space(b)) out.add(c);
  }
  return [...out];
}
