/**
 * One pass over an answer for many names at once: at each word start only the names beginning
 * with its letter are tried, as strings (name-pattern.ts `formEnds`). It finds what `namesRegex`
 * finds for each name, without compiling a regex per name — for an answer full of names the
 * process has not seen, that compiling was most of the analysis time.
 */
import { foldForms, formEnds, namesRegex } from './name-pattern';

export interface NamedSpan {
  start: number;
  end: number;
  /** Index of the entry in the list given. */
  entry: number;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const UNKNOWN = 0;
const WORD = 1;
const UNDERSCORE = 2;
const OTHER = 3;
/** What each UTF-16 character is, learnt on first sight: a letter or digit, "_", or other. */
const kindOfChar = new Uint8Array(0x10000);

function kindOf(codePoint: number): number {
  if (codePoint === 0x5f) return UNDERSCORE;
  if (codePoint > 0xffff) return LETTER_OR_DIGIT.test(String.fromCodePoint(codePoint)) ? WORD : OTHER;
  let kind = kindOfChar[codePoint];
  if (kind === UNKNOWN) {
    kind = LETTER_OR_DIGIT.test(String.fromCharCode(codePoint)) ? WORD : OTHER;
    kindOfChar[codePoint] = kind;
  }
  return kind;
}

/**
 * Where words start: a letter or digit after anything but a letter, digit or "_" (what
 * `/(?<![\p{L}\p{N}_])[\p{L}\p{N}]/gu` finds, without a regex step per word).
 */
function wordStarts(text: string): number[] {
  const starts: number[] = [];
  let afterWord = false;
  for (let i = 0; i < text.length;) {
    const codePoint = text.codePointAt(i) ?? 0;
    const kind = kindOf(codePoint);
    if (kind === WORD && !afterWord) starts.push(i);
    afterWord = kind !== OTHER;
    i += codePoint > 0xffff ? 2 : 1;
  }
  return starts;
}

/**
 * The folded text and its word starts, kept for the last text scanned: one analysis scans its
 * answer three times (brand mentions, evidence, the review of doubtful names), and folding and
 * finding word starts is most of a scan.
 */
let scanned: { text: string; folded: string; starts: number[] } | null = null;
function wordStartsOf(text: string): { folded: string; starts: number[] } {
  if (scanned?.text === text) return scanned;
  const folded = foldForms(text);
  const starts = wordStarts(folded);
  // Phrases tested one by one (`holdsName`) would push the answer out.
  if (text.length > PHRASE_LENGTH) scanned = { text, folded, starts };
  return { folded, starts };
}
const PHRASE_LENGTH = 200;

/** The answer folded by `foldForms`, shared with the scans above (folded once per answer). */
export const foldedText = (text: string): string => wordStartsOf(text).folded;

/**
 * Whether `phrase` holds one of `names` as a whole word, with its forms: what `namesRegex(names)`
 * would find in it, without the regex (V8 drops the compiled code of a regex not run for a while,
 * and compiling a name's Unicode, case-insensitive pattern again costs more than this scan).
 */
export function holdsName(phrase: string, names: string[], russianContext: boolean): boolean {
  const spans = findNamedSpans(phrase, [names], russianContext);
  if (spans) return spans.length > 0;
  const regex = namesRegex(names, russianContext);
  if (!regex) return false;
  regex.lastIndex = 0;
  return regex.test(phrase);
}
/**
 * The index key of a folded spelling: its first two characters when both are letters or digits,
 * else its first; as a number, so the scan looks each word start up without cutting a string.
 */
function headOf(folded: string): number {
  const two = /^[\p{L}\p{N}]{2}/u.test(folded);
  return two ? twoCharKey(folded, 0) : folded.charCodeAt(0);
}
const twoCharKey = (s: string, at: number) => (s.charCodeAt(at) + 1) * 0x10000 + s.charCodeAt(at + 1);
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** The spellings of a list of entries by the key of their first characters (see `headOf`). */
export type SpellingIndex = Map<number, Array<{ spelling: string; entry: number }>>;

export function indexSpellings(entries: string[][]): SpellingIndex {
  const byLetter: SpellingIndex = new Map();
  entries.forEach((spellings, entry) => {
    for (const spelling of new Set(spellings)) {
      const head = foldForms(spelling.trim());
      if (!head) continue;
      const key = headOf(head);
      const list = byLetter.get(key) ?? [];
      byLetter.set(key, list);
      list.push({ spelling: spelling.trim(), entry });
    }
  });
  return byLetter;
}

/**
 * Every place one of the entries is written in `text`, left to right, not overlapping: at each
 * word start the longest match of any spelling of any entry. Null when folding the text changes
 * its length (offsets would not be the answer's): the caller then falls back to regexes.
 */
export function findNamedSpans(
  text: string,
  entries: string[][],
  russianContext: boolean,
): NamedSpan[] | null {
  return findIndexedSpans(text, indexSpellings(entries), russianContext);
}

/** `findNamedSpans` with the entries indexed beforehand, for a list scanned again and again. */
export function findIndexedSpans(
  text: string,
  byLetter: SpellingIndex,
  russianContext: boolean,
): NamedSpan[] | null {
  const { folded, starts } = wordStartsOf(text);
  if (folded.length !== text.length) return null;
  const out: NamedSpan[] = [];
  let after = 0;
  for (const start of starts) {
    if (start < after) continue;
    const two = byLetter.get(twoCharKey(folded, start));
    const one = byLetter.get(folded.charCodeAt(start));
    if (!two && !one) continue;
    let best: NamedSpan | null = null;
    for (const candidates of [two, one]) {
      if (!candidates) continue;
      for (const t of candidates) {
        const ends = formEnds(t.spelling, folded, start, russianContext);
        for (let i = ends.length - 1; i >= 0; i--) {
          const end = ends[i];
          if (WORD_CHAR.test(folded.charAt(end))) continue;
          if (!best || end > best.end) best = { start, end, entry: t.entry };
          break;
        }
      }
    }
    if (!best) continue;
    out.push(best);
    after = best.end;
  }
  return out;
}

/**
 * Where one of `names` is first written in `folded` (a text folded by `foldForms`) before
 * `before`, as a whole word; -1 when nowhere before it.
 */
export function firstNamed(folded: string, names: string[], russianContext: boolean, before: number): number {
  let first = -1;
  for (const name of names) {
    const head = foldForms(name.trim()).split(/[\s\-‐‑–]/u)[0];
    if (!head) continue;
    const limit = first < 0 ? before : first;
    for (
      let at = folded.indexOf(head.slice(0, 1));
      at >= 0 && at < limit;
      at = folded.indexOf(head.slice(0, 1), at + 1)
    ) {
      if (at > 0 && WORD_CHAR.test(folded.charAt(at - 1))) continue;
      if (
        formEnds(name.trim(), folded, at, russianContext).some((end) => !WORD_CHAR.test(folded.charAt(end)))
      ) {
        first = at;
        break;
      }
    }
  }
  return first;
}
