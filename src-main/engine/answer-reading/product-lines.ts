/**
 * Product lines and section titles: two shapes of capitalised phrase that are no competitor as
 * written. "LG C4", "Apple Watch Series 10", "Samsung's S90D" name a maker's product: the
 * competitor is the maker (decisions.md §5 counts brands, and an answer comparing models compares
 * their makers). "Key Considerations", "Setup Checklist" title a section of the answer.
 */
import { BUSINESS_WORD, NAME_CONNECTORS } from './generic-words';
import { generic } from './name-like';
import { isDictionaryProperNoun, isDictionaryWord } from './lexicon/dictionary';
import type { Language } from './types';

/**
 * A model code ("C4", "U8N", "5.0", "V-Series", "CE"): no maker writes its name so. "ID" and "IP"
 * end names ("Validated ID", "Homematic IP"); "A" is an article inside one ("Book A Tiger").
 */
const MODEL_WORD = /^(?:(?=.*\d)[\p{L}\d.+-]{1,10}|(?!ID$|IP$|A$)\p{Lu}{1,2}|\p{Lu}{1,3}-Series)$/u;
/** Words that name a line or tier of a maker's products, after the maker's name. */
const LINE_WORD =
  /^(?:series|edition|ultra|pro|plus|max|mini|lite|bonus|бонус|priority|business|enterprise|gold|platinum|premium|secured|cash|account|savings|select|crystal|cuenta|tarjeta|hipoteca|konto|girokonto|tagesgeld|tagesgeldkonto|depot|karte|kreditkarte|debitkarte|tarif)$/i;

/**
 * The maker of a product named by its line or model: "LG C4" → "LG", "Garmin Venu 3" → "Garmin",
 * "Apple Watch Series 10" → "Apple Watch", "Capital One 360 Performance Savings" → "Capital One".
 * English possessives go too ("Samsung's S90D", "NordVPN's"). Any other name is returned as is.
 */
export function makerOf(name: string, language: Language, text: string, products = false): string {
  const maker = makerByLine(name, language, text);
  return products ? makerOfProduct(maker, text) : maker;
}

/**
 * In an answer that compares products — the brand itself written with its product's name after it
 * in a heading, list lead, table or bold ("YETI Tundra 45", "Faber-Castell Jumbo Grip") — the
 * other names are products too ("Pelican Elite", "Stabilo Woody", "Gustavo Gusto Salame"), and the
 * competitor is their maker: the longest opening part the answer also writes on its own ("Stabilo
 * und Staedtler", "Gustavo Gusto und Wagner"). Never written alone, the product stays as written
 * (a first word as the maker read "Wolters Kluwer" as "Wolters").
 */
function makerOfProduct(name: string, text: string): string {
  const words = name.split(' ');
  if (words.length < 2) return name;
  for (let n = words.length - 1; n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    const article = NAME_CONNECTORS.has(words[0].toLowerCase());
    // "FedEx Office", "Alo Yoga": a trade after the head is one company's name.
    const trade = words.slice(n).some((w) => generic(w) || BUSINESS_WORD.test(w));
    if (head.length >= 3 && !article && !trade && writtenWithout(head, words[n], text)) return head;
  }
  return name;
}

/** Whether `head` is written somewhere without `next` after it ("Stabilo und", "Kleenex'"). */
function writtenWithout(head: string, next: string, text: string): boolean {
  for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
    if (at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1])) continue;
    // Inside another name ("Alterra Mountain Company", "Copper Mountain") it is no maker alone.
    if (/\p{Lu}[\p{L}\p{N}&'’.-]*[ \u00A0]$/u.test(text.slice(Math.max(0, at - 30), at))) continue;
    const after = text.slice(at + head.length, at + head.length + next.length + 4);
    const tail = /^(?:['’]?s)?(?![\p{L}\p{N}])/u.exec(after);
    if (!tail) continue;
    // Followed by the product's next word on the same line ("Stabilo Woody"), it is the product.
    const rest = after.slice(tail[0].length);
    const space = /^[ \u00A0]+/.exec(rest)?.[0].length ?? 0;
    if (!space || !rest.startsWith(next, space)) return true;
  }
  return false;
}

/** Whether the brand is written with a product's name after it where answers name options. */
export function brandWithProduct(text: string, brandSpans: Array<{ start: number; end: number }>): boolean {
  return brandSpans.some(({ start, end }) => {
    // "HubSpot CRM", "Revolut Bank" name the company by its trade, no product.
    const next = /^[ \u00A0]+([\p{Lu}\p{N}][\p{L}\p{N}&+.-]*)/u.exec(text.slice(end, end + 30))?.[1];
    if (!next || generic(next)) return false;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const before = text.slice(lineStart, start);
    return (
      /^[\s#>*_\d.)-]*$/.test(before) ||
      before.includes('|') ||
      (before.match(/\*\*/g)?.length ?? 0) % 2 === 1
    );
  });
}

/** Whether `name` is written somewhere with a model number after it ("Энергия Classic 9000"). */
function numberedAfter(name: string, text: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1))
    if (/^ [\p{L}-]{0,3}\d/u.test(text.slice(at + name.length, at + name.length + 6))) return true;
  return false;
}

const CYRILLIC_WORD = /^[\p{Script=Cyrillic}][\p{Script=Cyrillic}\d-]*$/u;
const LATIN_WORD = /^\p{Script=Latin}[\p{L}\d-]*$/u;

function makerByLine(name: string, language: Language, text: string): string {
  if (language === 'en') {
    // "Applebee's" is a name; "Samsung's S90D" and "NordVPN's" beside "NordVPN" are possessives.
    const possessive = /^(.+?)['’]s(?:\s(\S+)|$)/u.exec(name);
    if (possessive) {
      const [, owner, next] = possessive;
      // "Paula's Choice", "Tommy's Express": a capitalised ordinary word after it is named with it.
      const namedWith = !!next && /^\p{Lu}\p{Ll}+$/u.test(next) && isDictionaryWord(next, 'en');
      if (namedWith ? writtenBare(owner, text) : next || writtenBare(owner, text)) return owner;
    }
  }
  const words = name.split(' ');
  // "Роснефть Magnum Ultratec", "Энергия Classic 9000": a Russian maker's line of goods in Latin
  // letters: two words, or models numbered after it ("Яндекс Go", "МТС Music" are services).
  const latinLine = words.findIndex((w, i) => i > 0 && CYRILLIC_WORD.test(words[0]) && LATIN_WORD.test(w));
  if (
    latinLine > 0 &&
    words.slice(0, latinLine).every((w) => CYRILLIC_WORD.test(w)) &&
    (words.length - latinLine >= 2 || numberedAfter(name, text))
  )
    return words.slice(0, latinLine).join(' ');
  const line = words.findIndex((w, i) => i > 0 && (MODEL_WORD.test(w) || LINE_WORD.test(w)));
  if (line < 0) return name;
  // "Century 21", "Forever 21", "Take 5 Oil Change": an ordinary English word and a number name the
  // company together, with the plain words after them — unless a maker is written before them
  // ("Motorola Edge 50 Fusion").
  if (
    /^\d{1,3}$/.test(words[1] ?? '') &&
    isDictionaryWord(words[0], 'en') &&
    words.slice(2).every((w) => /^\p{Lu}\p{Ll}+$/u.test(w)) &&
    (words.length === 2 || !writtenAfterAName(name, text))
  )
    return name;
  // A maker's name no dictionary holds stands alone ("Garmin"); an ordinary word needs the words
  // after it up to the line ("Apple Watch", "Capital One").
  // "American Express Gold Card" keeps "Express": a proper adjective names nothing alone.
  // A Latin name in a Russian answer is looked up in English ("Anycubic" is no Russian word).
  const lookUpIn = language === 'ru' && !CYRILLIC_WORD.test(words[0]) ? 'en' : language;
  if (!isDictionaryWord(words[0], lookUpIn) && !isProperAdjective(words[0])) {
    // "Bambu Lab P1S": a word of trade after the maker is its name's.
    let end = 1;
    while (end < line && BUSINESS_WORD.test(words[end])) end++;
    return words.slice(0, end).join(' ');
  }
  let end = line;
  while (end > 1 && LINE_WORD.test(words[end - 1])) end--;
  return words.slice(0, end).join(' ');
}

/** Whether `name` is written right after a capitalised word somewhere in `text` ("Motorola Edge"). */
function writtenAfterAName(name: string, text: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (/\p{Lu}[\p{L}\p{N}]*[ \u00A0]$/u.test(text.slice(Math.max(0, at - 30), at))) return true;
  }
  return false;
}

/** "American", "British", "Deutsche": a proper adjective opens a two-word name. */
function isProperAdjective(word: string): boolean {
  // "Anycubic" ends so too: a proper adjective is one the dictionaries hold.
  return (
    /^\p{Lu}\p{Ll}+(?:an|ish|ese|ic|sche|ean)$/u.test(word) &&
    (isDictionaryProperNoun(word, 'en') || isDictionaryWord(word, 'en') || isDictionaryWord(word, 'de'))
  );
}

/** Whether `name` is written in `text` without a possessive after it. */
function writtenBare(name: string, text: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!/^['’\p{L}\p{N}]/u.test(text.slice(at + name.length, at + name.length + 1))) return true;
  }
  return false;
}

/** Whether half the numbered headings of this level or more hold a word no dictionary knows (a name). */
function rankedOptions(text: string, hashes: string, language: Language): boolean {
  const heading = new RegExp(`^\\s*${hashes}\\s*\\d{1,2}[.)]\\s+(.+)$`, 'gmu');
  let all = 0;
  let named = 0;
  for (let m = heading.exec(text); m; m = heading.exec(text)) {
    all++;
    // A possessive ("Jimmy John's") is a name's; so is a word no dictionary knows ("Charleys").
    const title = m[1].replace(/[*_]/g, '');
    const words = title.split(/[\s–—:-]+/).filter((w) => /^\p{L}{3,}$/u.test(w));
    const unknown = words.some((w) => !isDictionaryWord(w, language) && !isDictionaryWord(w, 'en'));
    if (unknown || /\p{L}['’]s(?!\p{L})/u.test(title)) named++;
  }
  return named * 2 >= all && named >= 1;
}

function lineOf(text: string, at: number): string {
  const lineEnd = text.indexOf('\n', at);
  return text.slice(text.lastIndexOf('\n', at - 1) + 1, lineEnd < 0 ? undefined : lineEnd);
}

/** A heading, or a line that is only bold text (maybe numbered). */
const isTitleLine = (line: string) =>
  /^\s*#/.test(line) || /^\s*(?:\d{1,2}[.)]\s*)?(\*\*|__)[^*_]+\1\s*:?\s*$/.test(line);

/** Function words a section title may hold ("What's the Difference", "Reference & Practice"). */
const TITLE_FUNCTION_WORDS = new Set([
  '&',
  'a',
  'an',
  'the',
  'to',
  'for',
  'of',
  'and',
  'or',
  'what',
  "what's",
  'is',
]);

/**
 * Whether `name`, found at `at`, is the title of a section: an English heading or a bold line of its
 * own, two or more words, each an ordinary word ("Key Considerations", "Comparison Table"), with no
 * verdict after a dash.
 */
export function isSectionTitle(name: string, text: string, at: number, language: Language): boolean {
  if (language !== 'en') return false;
  const words = name.split(/\s+/);
  if (words.length < 2) return false;
  const line = lineOf(text, at);
  if (!isTitleLine(line)) return false;
  // "### Bath & Body Works" over a table row and a sentence naming it: a title is written once.
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + name.length))
    if (!isTitleLine(lineOf(text, i))) return false;
  // "### 2. Firehouse Subs" beside "### 1. Charleys Cheesesteaks": numbered headings one of which is
  // a name rank options.
  const numbered = /^\s*(#+)\s*\d{1,2}[.)]\s/.exec(line);
  if (numbered && rankedOptions(text, numbered[1], language)) return false;
  // "### 2. **Home Chef** – most flexible": a name with its verdict after a dash is an option.
  const written = line.indexOf(name);
  const after = written < 0 ? '' : line.slice(written + name.length);
  if (/^\s*(?:\*\*|__)?\s*[–—-]\s+\S/.test(after)) return false;
  return words.every((w) => {
    const lower = w.toLowerCase();
    return TITLE_FUNCTION_WORDS.has(lower) || NAME_CONNECTORS.has(lower) || isDictionaryWord(w, language);
  });
}
