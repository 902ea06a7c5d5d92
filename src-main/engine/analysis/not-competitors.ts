/**
 * The last look at the competitors an answer names: what reads as a name but is no competitor.
 * - two competitors joined into one phrase ("N26 und Revolut") are split;
 * - regulators, public services, payment networks, marketplaces, comparison sites and integrations
 *   (lexicon/categories.ts) go, unless the brand is of the same kind;
 * - acronyms and names of documents, laws, taxes and standards go;
 * - dates, amounts and model codes go.
 * Names the analyst ruled out (hidden competitors, own products) go in excluded-names.ts.
 */
import type { FoundCompetitor } from './competitors';
import { CORPORATE_WORDS, NAME_CONNECTORS } from './generic-words';
import { isDictionaryProperNoun, isDictionaryWord } from './lexicon/dictionary';
import type { Language } from './types';
import { CATEGORIES, TERMS } from './lexicon/categories';
import { nameKey } from './lexicon/name-key';
import { namesRegex } from './name-pattern';
import { nominativesAt } from './russian-names';
import { sentenceAround } from './text';

export interface Subject {
  brandNames: string[];
  language: Language;
  /** The project's activities, as typed in settings (may be empty). */
  activities: string;
  russianContext: boolean;
  /** The answer, URLs masked, and where it names the own brand. */
  text: string;
  brandSpans: Array<{ start: number; end: number }>;
}

/** Words after a category name that leave it the same thing ("Visa Infinite", "Amazon Prime"). */
const TIER_WORDS =
  /^(?:prime|plus|pro|premium|business|gold|platinum|signature|infinite|classic|standard|direct|online|card|karte|tarjeta|карта|бизнес|онлайн|премиум|маркет|market|pay|wallet|checkout|\.(?:com|de|es|ru))$/i;

/** "Check24-Gruppe", "Visa Inc." → the name without its corporate word, else null. */
function withoutCorporateWord(name: string): string | null {
  const m = /^(.+?)[\s-]+(\p{L}+\.?)$/u.exec(name);
  return m && CORPORATE_WORDS.has(m[2].toLowerCase().replace(/\.$/, '')) ? m[1] : null;
}

/**
 * Public bodies and schools by the words in their names: universities, ministries, agencies,
 * courts, federal offices. Schools compete only with a brand in education.
 */
const PUBLIC_BODY =
  /(?:^|\s)(?:ministry|ministerium|ministerio|министерство|agency|behörde|autoridad|агентство|commission|kommission|comisión|комиссия|authority|council|consejo|court|gericht|tribunal|суд|department of|federal\s\p{L}+\s(?:office|agency|commission|reserve)|bundes\p{L}+|государственн\p{L}+|national\p{L}* (?:bank|office|agency))(?:\s|$)/iu;
const SCHOOL =
  /(?:^|\s)(?:university|universität|universidad|universitat|университет|институт|institute of|college|hochschule|school of|escuela de|академия наук)(?:\s|$)|(?:^|\s)(?:MIT|Harvard|Stanford|Oxford|Cambridge|Yale|Princeton|Berkeley|МГУ|СПбГУ|ВШЭ|МФТИ|UNAM|UBA)(?:\s|$)/iu;
const EDUCATION =
  /образован|обучен|курс|школ|education|learning|course|training|bildung|kurs|weiterbildung|educaci|formaci|curso/;

function isPublicBodyOrSchool(name: string, activities: string): boolean {
  return PUBLIC_BODY.test(name) || (SCHOOL.test(name) && !EDUCATION.test(activities.toLowerCase()));
}

/** A name with its tier word ("Visa Infinite" → "Visa"), else null. */
function withoutTier(phrase: string): string | null {
  const cut = phrase.lastIndexOf(' ');
  return cut > 0 && TIER_WORDS.test(phrase.slice(cut + 1)) ? phrase.slice(0, cut) : null;
}

const MONTHS =
  'jan(?:uary|uar)?|feb(?:ruary|ruar)?|mar(?:ch)?|märz|apr(?:il)?|may|mai|jun(?:e|i)?|jul(?:y|i)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|okt(?:ober)?|nov(?:ember)?|dec(?:ember)?|dez(?:ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]';
const DATE = new RegExp(
  `^(?:\\d{1,2}\\.?\\s+)?(?:${MONTHS})\\.?(?:\\s+(?:de\\s+)?\\d{4}(?:\\s*(?:г\\.?|года?))?)?$|^(?:Q[1-4]|H[12]|[IV]{1,3}\\s+квартал)\\s*\\d{0,4}$|^(?:19|20)\\d{2}(?:\\s*(?:г\\.?|года?))?$`,
  'iu',
);
const AMOUNT = /\d[\d\s.,]*\s?(?:[$€£₽¥%]|руб|тыс|млн|млрд|eur|usd|rub|gbp|k\b|m\b)|^[$€£₽]\s?\d/iu;
/** "XR-200", "QN90D", "A80L", "XR-55A80L", "SM-S928B": letters and digits no brand is written in. */
const MODEL_CODE =
  /^(?=[A-Z0-9-]*\d)(?:[A-Z]{1,4}-\d[A-Z0-9-]*|[A-Z]{1,4}\d{2,}[A-Z]{1,3}\d*|[A-Z]\d{3,}[A-Z]?)$/;

/** "171-ФЗ", "§ 35", "Art. 6": numbered laws and articles. */
const LAW_NUMBER = /^\d{1,4}-(?:ФЗ|ФКЗ|П)$|^(?:§|Art\.|Artikel|Artículo|Статья|Ст\.)\s?\d/iu;

export function isDateAmountOrCode(name: string): boolean {
  return DATE.test(name) || AMOUNT.test(name) || MODEL_CODE.test(name) || LAW_NUMBER.test(name);
}

/** A Russian imperative opening an advice step: "Проверьте", "Опишите", "Протестируйте". */
const RU_IMPERATIVE = /^[А-ЯЁ][а-яё]{2,}(?:ите|йте|ьте)$/u;

const JOINER = /\s+(?:und|and|y|e|u|и|oder|or|o|или|sowie|vs\.?|versus|или же|bzw\.)\s+|\s*[/,]\s*/iu;

/** "N26 und Revolut" → ["N26", "Revolut"] with their offsets; a name stays whole otherwise. */
function splitJoined(c: FoundCompetitor, looksLikeName: (part: string) => boolean): FoundCompetitor[] {
  const parts = c.name.split(JOINER);
  if (parts.length < 2 || !parts.every((p) => p && looksLikeName(p))) return [c];
  let at = 0;
  return parts.map((part) => {
    const offset = c.name.indexOf(part, at);
    at = offset + part.length;
    return { name: part, first: c.first + offset, forms: [part] };
  });
}

/** The spellings of a competitor that are no joined phrase ("Coursera y edX" is two). */
function withoutJoinedForms(c: FoundCompetitor): FoundCompetitor {
  const forms = c.forms.filter((f) => f.split(JOINER).length < 2);
  return forms.length === c.forms.length ? c : { ...c, forms };
}

interface Lists {
  /** Keys of names that are never this brand's competitors. */
  never: Set<string>;
  /** Keys of companies of another kind: competitors only when compared with the brand or its peers. */
  otherKind: Set<string>;
}
const listsCache = new Map<string, Lists>();

/** The lists for one brand (cached per brand and activities: a project's answers share them). */
function listsFor(subject: Subject): Lists {
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
function comparedHere(
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

const NAME_SHAPE = /^[\p{Lu}\p{N}][\p{L}\p{N}.&'’+-]*(?:\s+[\p{Lu}\p{N}&][\p{L}\p{N}.&'’+-]*)*$/u;

/** A word of digits or a code ("5070", "B580", "4.0", "1440p", "A350-900"). */
const CODE_WORD = /^(?=.*\d)[\p{L}\d.,+-]{1,12}$/u;

/**
 * A product line or model named by a code and generic words ("RTX 5070", "Arc B580", "Mes 1",
 * "12 GB de VRAM"): no company. A name with a code keeps it when the rest is a name ("Airbus
 * A350", "Ryzen 5").
 */
function isModelPhrase(name: string, language: Language, never: Set<string>): boolean {
  const words = name.split(' ');
  if (words.length < 2 || !words.some((w) => CODE_WORD.test(w))) return false;
  const rest = words.filter((w) => !CODE_WORD.test(w) && !NAME_CONNECTORS.has(w.toLowerCase()));
  // German and English dictionaries hold makers' names ("Mazda", "Google"): there only terms count.
  const common = (w: string) =>
    (language === 'es' || language === 'ru') && isDictionaryWord(w, wordLanguage(w, language));
  return rest.every((w) => never.has(nameKey(w)) || common(w));
}

/**
 * A descriptive phrase led by a common noun ("Fondos de Pensiones", "Dirección General de Seguros",
 * "Certificados de Profesionalidad"): plural or followed by "de …" it names a thing, not a company.
 * Corporate words ("Banco de Sabadell") lead names.
 */
function isDescriptivePhrase(name: string, language: Language): boolean {
  if (language !== 'es' && language !== 'de') return false;
  const words = name.split(' ');
  if (words.length < 2 || CORPORATE_WORDS.has(words[0].toLowerCase())) return false;
  const first = words[0];
  if (!/^\p{Lu}\p{Ll}+$/u.test(first) || !isDictionaryWord(first, language)) return false;
  return (
    /(?:s|es|en|ungen)$/u.test(first) || words.slice(1).some((w) => ['de', 'del', 'der', 'für'].includes(w))
  );
}

/** "NoCuenta de ING", "Cuenta Online de BBVA": a product of a company named after "de". */
function companyAfterDe(name: string): string | null {
  const m = /\s(?:de|del|von|der)\s+(\p{Lu}[\p{L}\p{N}&.-]*(?:\s+\p{Lu}[\p{L}\p{N}&.-]*)?)$/u.exec(name);
  return m && /^\p{Lu}[\p{Lu}\p{N}]{1,5}$|\p{Ll}\p{Lu}/u.test(m[1]) ? m[1] : null;
}

const ARTICLES = new Set([
  'a',
  'an',
  'the',
  'el',
  'la',
  'los',
  'las',
  'un',
  'una',
  'der',
  'die',
  'das',
  'ein',
  'eine',
]);

const SHORT_WORDS = new Set([
  'it',
  'is',
  'to',
  'in',
  'on',
  'at',
  'by',
  'my',
  'we',
  'me',
  'be',
  'do',
  'so',
  'up',
  'vs',
  'an',
  'a',
]);

/**
 * English capitalises headings word by word: "Key Considerations", "Where It Falls Short",
 * "Annual Fee" are ordinary words, no name. Three words or more that are all common words are a
 * heading; two are one unless the dictionary also knows a word as a proper noun ("Google Pay").
 * "Capital One" is lost with them, "Best Buy" rightly.
 */
function isTitleCasePhrase(name: string, language: Language): boolean {
  if (language !== 'en') return false;
  const words = name.split(/[\s-]+/).filter((w) => !NAME_CONNECTORS.has(w.toLowerCase()));
  if (words.length < 2) return false;
  const common = words.every((w) => {
    const bare = w.replace(/['’].*$/, '');
    if (SHORT_WORDS.has(bare.toLowerCase())) return true;
    return /^\p{Lu}\p{Ll}+(?:['’]\p{Ll}+)?$/u.test(w) && isDictionaryWord(bare, 'en');
  });
  if (!common) return false;
  return words.length >= 3 || !words.some((w) => isDictionaryProperNoun(w.replace(/['’].*$/, ''), 'en'));
}

/**
 * Words that open a sentence before a name ("Consider DigitalOcean", "Both Netlify", "What About
 * GitHub Pages", "A VPS"): no part of it.
 */
const OPENING_WORDS = new Set([
  ...ARTICLES,
  ...'consider use using both most many some all each every only if what supports support try choose pick compare check opt why how when with for and or but unlike like also plus while whereas then so go get see'.split(
    ' ',
  ),
  ...'usa elige compara considera prueba ambos ambas todos todas muchos algunos'.split(' '),
  ...'nutzen nutze wählen wähle vergleichen prüfen beide alle viele einige'.split(' '),
  ...'у в во с со на для от до из по при о об к ко за и а но или как'.split(' '),
]);

function withoutLeadingWords(name: string): string {
  let words = name.split(' ');
  while (words.length > 1 && OPENING_WORDS.has(words[0].toLowerCase())) words = words.slice(1);
  return words.join(' ');
}

const wordLanguage = (w: string, language: Language): Language =>
  /[\u0400-\u04FF]/.test(w) ? 'ru' : language === 'ru' ? 'en' : language;

export function reviewCompetitors(found: FoundCompetitor[], subject: Subject): FoundCompetitor[] {
  if (!found.length) return found;
  const { never, otherKind } = listsFor(subject);
  const inList = (list: Set<string>, name: string) => {
    if (list.has(nameKey(name))) return true;
    const head = withoutTier(name) ?? withoutCorporateWord(name);
    return head !== null && list.has(nameKey(head));
  };
  const kept = new Map<string, FoundCompetitor>();
  const doubtful: FoundCompetitor[] = [];
  for (const c of found) {
    for (const whole of splitJoined(withoutJoinedForms(c), (p) => NAME_SHAPE.test(p))) {
      const part = cleaned(whole);
      if (isTitleCasePhrase(part.name, subject.language)) continue;
      const names = [part.name, ...part.forms];
      if (names.some((n) => isDateAmountOrCode(n) || inList(never, n) || RU_IMPERATIVE.test(n))) continue;
      if (isPublicBodyOrSchool(part.name, subject.activities)) continue;
      // "УСН ИП", "GDPR и HIPAA": every word a term.
      if (part.name.split(' ').every((w) => never.has(nameKey(w)) || JOINER.test(` ${w} `))) continue;
      if (
        isModelPhrase(part.name, subject.language, never) ||
        isDescriptivePhrase(part.name, subject.language)
      ) {
        const company = companyAfterDe(part.name);
        if (company) keep(kept, { ...part, name: company, forms: [company] });
        continue;
      }
      if (names.some((n) => inList(otherKind, n))) doubtful.push(part);
      else keep(kept, part);
    }
  }
  mergeProductsIntoCompanies(kept);
  if (doubtful.length) {
    const anchors = [...subject.brandSpans, ...[...kept.values()].flatMap((c) => spansOf(subject, c))];
    for (const c of doubtful) if (comparedHere(subject, spansOf(subject, c), anchors)) keep(kept, c);
  }
  const out = [...kept.values()].sort((a, b) => a.first - b.first);
  return subject.russianContext ? inNominative(out, subject.text) : out;
}

/**
 * Russian answers decline names: spellings that share a possible nominative are one competitor,
 * shown by a spelling that is a nominative of all of them (or the likeliest shared one).
 */
function inNominative(found: FoundCompetitor[], text: string): FoundCompetitor[] {
  const groups: Array<{ members: FoundCompetitor[]; shared: string[] }> = [];
  for (const c of found) {
    const mine = nominativesAt(c.name, text, c.first);
    const group = groups.find((g) => g.shared.some((n) => mine.includes(n)));
    if (group) {
      group.members.push(c);
      group.shared = group.shared.filter((n) => mine.includes(n));
    } else groups.push({ members: [c], shared: mine });
  }
  return groups
    .map(({ members, shared }) => {
      const written = members.find(
        (m) => shared.includes(m.name) && nominativesAt(m.name, text, m.first)[0] === m.name,
      );
      const first = members.reduce((a, b) => (b.first < a.first ? b : a));
      // A spelling seen once and inflected is shown by its likeliest nominative.
      const name = written?.name ?? shared[0];
      return { name, first: first.first, forms: [...new Set(members.flatMap((m) => [m.name, ...m.forms]))] };
    })
    .sort((a, b) => a.first - b.first);
}

/** The name without the words that open its sentence. */
function cleaned(c: FoundCompetitor): FoundCompetitor {
  const name = withoutLeadingWords(c.name);
  if (name === c.name) return c;
  return { name, first: c.first + Math.max(0, c.name.indexOf(name)), forms: [name, ...c.forms] };
}

/**
 * "Revolut Premium" beside "Revolut", "ING Cuenta NoCuenta" beside "ING", "Альфа-Вклад" beside
 * "Альфа-Банк": a competitor's product named after it is that competitor.
 */
function mergeProductsIntoCompanies(kept: Map<string, FoundCompetitor>): void {
  const all = [...kept.values()];
  for (const c of all) {
    const owner = all.find(
      (o) =>
        o !== c &&
        kept.has(o.name.toLowerCase()) &&
        [o.name, coreOf(o.name)].some(
          (head) => head && [' ', '-', "'s ", '’s '].some((after) => c.name.startsWith(head + after)),
        ),
    );
    if (!owner) continue;
    kept.delete(c.name.toLowerCase());
    keep(kept, { ...c, name: owner.name, forms: [owner.name, ...c.forms] });
  }
}

/** "Альфа" of "Альфа-Банк", "Sabadell" of "Banco Sabadell": a name without its corporate word. */
function coreOf(name: string): string | null {
  const words = name.split(/[\s-]+/);
  const core = words.filter((w) => !CORPORATE_WORDS.has(w.toLowerCase()));
  return core.length === 1 && core.length < words.length && core[0].length >= 3 ? core[0] : null;
}

function keep(kept: Map<string, FoundCompetitor>, c: FoundCompetitor): void {
  const key = c.name.toLowerCase();
  const same = kept.get(key);
  if (!same) kept.set(key, c);
  else kept.set(key, { ...(c.first < same.first ? c : same), forms: [...same.forms, ...c.forms] });
}

/** Where a competitor is written (its forms, inflected). */
function spansOf(subject: Subject, c: FoundCompetitor): Array<{ start: number; end: number }> {
  const re = namesRegex([c.name, ...c.forms], subject.russianContext);
  const out: Array<{ start: number; end: number }> = [];
  if (!re) return out;
  re.lastIndex = 0;
  for (let m = re.exec(subject.text); m && out.length < 20; m = re.exec(subject.text)) {
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}
