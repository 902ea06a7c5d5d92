/**
 * Runs of capitalised words, the raw candidates for names: "Revolut", "Bath & Body Works", "Bank
 * of America", "iPhone". One regex describes a run; it is tried only where one can start (a
 * capital or a digit, or a short lowercase prefix before a capital), found by a walk over the
 * characters: scanning the whole answer with it cost a tenth of the analysis.
 */

const NAME_WORD = "(?:[\\p{Lu}\\p{N}][\\p{L}\\p{N}&'’+]*(?:[.-][\\p{L}\\p{N}]+)*|[a-z]{1,3}[A-Z][\\p{L}]*)";
// "Bath & Body Works", "Villeroy & Boch": an ampersand between capitalised words joins one name.
const RUN_AT = new RegExp(
  `(?<![\\p{L}\\p{N}.'’-])${NAME_WORD}(?:[ \\u00A0](?:${NAME_WORD}|of|de|del|&[ \\u00A0]${NAME_WORD})){0,3}(?![\\p{L}\\p{N}])`,
  'uy',
);

const UNKNOWN = 0;
const OPENS = 1; // an uppercase letter or a digit
const LOWER_ASCII = 2;
const LETTER = 3; // any other letter
const OTHER = 4;
/** What each UTF-16 character is, learnt on first sight. */
const kinds = new Uint8Array(0x10000);

function kindOf(code: number): number {
  let kind = kinds[code];
  if (kind === UNKNOWN) {
    const c = String.fromCharCode(code);
    kind =
      code >= 0x61 && code <= 0x7a
        ? LOWER_ASCII
        : /[\p{Lu}\p{N}]/u.test(c)
          ? OPENS
          : /\p{L}/u.test(c)
            ? LETTER
            : OTHER;
    kinds[code] = kind;
  }
  return kind;
}

/** A character outside the basic plane (a rare letter, an emoji), by its code point. */
function kindOfAstral(codePoint: number): number {
  const c = String.fromCodePoint(codePoint);
  return /[\p{Lu}\p{N}]/u.test(c) ? OPENS : /\p{L}/u.test(c) ? LETTER : OTHER;
}

/** "iPhone", "eBay": one to three lowercase ASCII letters, then a capital A–Z. */
function camelStart(text: string, at: number): boolean {
  for (let i = at + 1; i <= at + 3 && i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x41 && code <= 0x5a) return true;
    if (code < 0x61 || code > 0x7a) return false;
  }
  return false;
}

/** Every capitalised run of `text`, left to right, not overlapping (what a global scan finds). */
export function capitalizedRuns(text: string): Array<{ index: number; run: string }> {
  const out: Array<{ index: number; run: string }> = [];
  let afterWord = false;
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    const astral = code >= 0xd800 && code <= 0xdbff;
    const kind = astral ? kindOfAstral(text.codePointAt(i) ?? 0) : kindOf(code);
    const mayStart = !afterWord && (kind === OPENS || (kind === LOWER_ASCII && camelStart(text, i)));
    if (mayStart) {
      RUN_AT.lastIndex = i;
      const m = RUN_AT.exec(text);
      if (m) {
        out.push({ index: i, run: m[0] });
        // A run ends before a character that is no letter or digit: the walk goes on there.
        i += m[0].length;
        afterWord = true;
        continue;
      }
    }
    afterWord = kind !== OTHER;
    i += astral ? 2 : 1;
  }
  return out;
}
