/**
 * Finds the project's brand (brand + alternative names) in an answer, with inflected forms, and
 * tells a brand apart from the same word used as an ordinary word where the text allows it.
 */
import { namesRegex } from './name-pattern';
import { findNamedSpans } from './name-scan';

/**
 * Where any of the names is written: one pass as strings (name-scan.ts), or the names' regex when
 * folding changed the text's length.
 */
function writtenAt(
  text: string,
  names: string[],
  russianContext: boolean,
): Array<{ start: number; end: number }> {
  const scanned = findNamedSpans(text, [names], russianContext);
  if (scanned) return scanned;
  const regex = namesRegex(names, russianContext);
  const out: Array<{ start: number; end: number }> = [];
  if (!regex) return out;
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m; m = regex.exec(text))
    out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

export interface Span {
  start: number;
  end: number;
  /** The form as written in the answer. */
  form: string;
}

/** A single title-case word ("Apple", "Мир", "Shell") may also be an ordinary word. */
function mayBeOrdinaryWord(name: string): boolean {
  return /^\p{Lu}\p{Ll}+$/u.test(name.trim());
}

const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z]/;

export function isSentenceStart(text: string, index: number, colonStarts = true): boolean {
  let i = index - 1;
  // Opening quotes, emphasis and brackets do not change where a sentence starts.
  while (i >= 0 && /[\s*_"'«„“([]/.test(text[i])) {
    if (text[i] === '\n') return true;
    i--;
  }
  if (i < 0) return true;
  const c = text[i];
  if (/[.!?…#|>]/.test(c) || (colonStarts && c === ':')) return true;
  // A list marker: "1." was consumed above as '.', "-" / "•" here.
  return /[-•▪+]/.test(c) && (i === 0 || /\s/.test(text[i - 1]));
}

/** `ozon.ru`, `apple.com`: a name glued to a top-level domain is the brand even in lowercase. */
function looksLikeDomain(text: string, end: number): boolean {
  return /^\.[a-zа-я]{2,6}(?![\p{L}\p{N}])/iu.test(text.slice(end, end + 8));
}

interface Classified extends Span {
  kind: 'proper' | 'initial' | 'ordinary';
}

/**
 * Every accepted brand occurrence in text order. `text` should already have URLs masked.
 * Names that may be ordinary words get a casing test: lowercase "apple" in an English answer is
 * the fruit; a capitalized "Apple" at a sentence start is the brand unless the same answer also
 * uses the ordinary word and never writes the brand capitalized mid-sentence.
 */
export function findBrandMentions(text: string, names: string[], russianContext: boolean): Span[] {
  const written = writtenAt(text, names, russianContext);
  // A brand that also spells itself otherwise than in title case ("netcup" beside "Netcup",
  // "proALPHA" beside "Proalpha") is no ordinary word there.
  const ordinaryNames = names
    .filter(mayBeOrdinaryWord)
    .map((n) => n.toLowerCase())
    .filter((n) => !names.some((other) => other.toLowerCase() === n && !mayBeOrdinaryWord(other)));
  const capitalNames = names.filter((n) => /^\p{Lu}{2,}$/u.test(n.trim())).map((n) => n.trim().toLowerCase());
  const textIsCyrillic = CYRILLIC.test(text);
  const found: Classified[] = [];
  for (const at of written) {
    const form = text.slice(at.start, at.end);
    const span = { start: at.start, end: at.end, form };
    if (notTheBrand(form, capitalNames) && !looksLikeDomain(text, span.end)) continue;
    const ordinary = ordinaryNames.some((n) =>
      form.toLowerCase().startsWith(n.slice(0, Math.max(2, n.length - 1))),
    );
    if (!ordinary) {
      found.push({ ...span, kind: 'proper' });
      continue;
    }
    const first = form[0];
    const lower = first === first.toLowerCase() && first !== first.toUpperCase();
    if (lower) {
      const foreignScript = textIsCyrillic && LATIN.test(form) && !CYRILLIC.test(form);
      const kind = foreignScript || looksLikeDomain(text, span.end) ? 'proper' : 'ordinary';
      found.push({ ...span, kind });
      continue;
    }
    found.push({ ...span, kind: isSentenceStart(text, span.start) ? 'initial' : 'proper' });
  }
  const usedAsWord = found.some((f) => f.kind === 'ordinary');
  const properElsewhere = found.some((f) => f.kind === 'proper');
  return found
    .filter((f) => f.kind === 'proper' || (f.kind === 'initial' && (!usedAsWord || properElsewhere)))
    .map(({ start, end, form }) => ({ start, end, form }));
}

/**
 * A brand written in capitals, written all in lowercase, is the ordinary word ("газ" for "ГАЗ",
 * "мир" for "МИР"). Plurals stay the brand's: labels count "Sparkassen" and "Thomanns" as forms.
 */
function notTheBrand(form: string, capitalNames: string[]): boolean {
  const lower = form.toLowerCase();
  return form === lower && capitalNames.some((n) => lower.startsWith(n));
}

/** Distinct forms as written, in order of first appearance. */
export function distinctForms(spans: Span[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of spans) {
    const form = s.form.replace(/\s+/g, ' ');
    if (!seen.has(form)) {
      seen.add(form);
      out.push(form);
    }
  }
  return out;
}
