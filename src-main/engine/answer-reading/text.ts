/**
 * Text helpers shared by the analysis modules. Offsets always refer to the original answer text:
 * masking replaces characters by spaces instead of removing them, so a position found in the
 * masked text is a position in the answer.
 */
import type { UrlInText } from './sources';

/** Hides URLs (a brand inside `https://ozon.ru/...` is a source, not a mention). */
export function maskUrls(text: string, urls: UrlInText[]): string {
  if (!urls.length) return text;
  let out = '';
  let at = 0;
  for (const u of urls) {
    out += text.slice(at, u.start) + ' '.repeat(u.end - u.start);
    at = u.end;
  }
  return out + text.slice(at);
}

const SENTENCE_END = /[.!?…]/;
const MAX_SENTENCE_SIDE = 400;

/** Start and end of the sentence (or list item / table cell line) around `index`. */
export function sentenceAround(text: string, index: number): { start: number; end: number } {
  let start = index;
  const lower = Math.max(0, index - MAX_SENTENCE_SIDE);
  while (start > lower) {
    const c = text[start - 1];
    if (c === '\n' || c === '|') break;
    if (SENTENCE_END.test(c) && /\s/.test(text[start] ?? ' ')) break;
    start--;
  }
  let end = index;
  const upper = Math.min(text.length, index + MAX_SENTENCE_SIDE);
  while (end < upper) {
    const c = text[end];
    if (c === '\n' || c === '|') break;
    if (SENTENCE_END.test(c) && /\s/.test(text[end + 1] ?? ' ')) {
      end++;
      break;
    }
    end++;
  }
  return { start, end };
}

/** The kind of markdown line an offset falls in: used for the comment and for candidate cues. */
export type LineKind = 'heading' | 'list' | 'table' | 'text';

export interface Line {
  start: number;
  end: number;
  text: string;
  kind: LineKind;
  /** Leading spaces of a list item (nesting). */
  indent: number;
  /** Offset (absolute) of the content after the list marker / heading hashes. */
  contentStart: number;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+/;
const LIST_ITEM = /^([ \t]*)(?:[-*+•▪–]|\d{1,3}[.)])[ \t]+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const BOLD_NUMBERED = /^ {0,3}\*\*\d{1,3}[.)] [^*\n]{1,80}\*\*/;

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  while (at <= text.length) {
    let nl = text.indexOf('\n', at);
    if (nl < 0) nl = text.length;
    const raw = text.slice(at, nl);
    let kind: LineKind = 'text';
    let indent = 0;
    let contentStart = at;
    const h = HEADING.exec(raw);
    const li = h ? null : LIST_ITEM.exec(raw);
    if (h) {
      kind = 'heading';
      contentStart = at + h[0].length;
    } else if (li) {
      kind = 'list';
      indent = li[1].replace(/\t/g, '    ').length;
      contentStart = at + li[0].length;
    } else if (BOLD_NUMBERED.test(raw)) {
      // "**1. Holded** – …": chat answers often number their options as bold paragraphs.
      kind = 'list';
      contentStart = at + (raw.length - raw.trimStart().length);
    } else if (TABLE_ROW.test(raw)) {
      kind = 'table';
    } else if (/^\*\*[^*\n]{1,80}\*\*\s*$/.test(raw.trim())) {
      // A line that is only bold text works as a heading in chat answers.
      kind = 'heading';
      contentStart = at + raw.indexOf('**');
    }
    lines.push({ start: at, end: nl, text: raw, kind, indent, contentStart });
    at = nl + 1;
  }
  return lines;
}

/** The line containing `index` (binary search over the ordered lines). */
export function lineAt(lines: Line[], index: number): Line | undefined {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const l = lines[mid];
    if (index < l.start) hi = mid - 1;
    else if (index > l.end) lo = mid + 1;
    else return l;
  }
  return undefined;
}

/** Whether the answer is mostly Cyrillic (Latin names in it may take Russian endings). */
export function hasCyrillic(text: string): boolean {
  return /[\u0400-\u04FF]/.test(text);
}

/**
 * Whether `phrase` is written somewhere inside a sentence of running text, after a lowercase word
 * ("… Yankee Candle and Bath & Body Works are …"): English writes ordinary words there in lowercase,
 * so title case there is a name's, not a heading's.
 */
export function writtenInsideSentence(text: string, phrase: string): boolean {
  for (let i = text.indexOf(phrase); i >= 0; i = text.indexOf(phrase, i + phrase.length)) {
    const lineStart = text.lastIndexOf('\n', i - 1) + 1;
    // Headings and tables, and quoted labels ('iOS will show an "Activate eSIM" screen').
    if (/^\s*(?:#|\|)/.test(text.slice(lineStart, i + 1)) || /["“«„']$/.test(text.slice(i - 1, i))) continue;
    const { start } = sentenceAround(text, i);
    if (
      /\p{Ll}{2,}[^\p{L}]*$/u.test(text.slice(start, i)) &&
      /^[^\p{L}\p{N}]/u.test(text.charAt(i + phrase.length) || ' ')
    )
      return true;
  }
  return false;
}
