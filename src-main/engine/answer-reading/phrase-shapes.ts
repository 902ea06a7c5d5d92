/**
 * What a found name looks like, read from its words alone: a date, an amount or a model code; a
 * numbered law; an imperative; two names joined into one phrase; a heading in title case; a phrase
 * led by a common noun; a public body or a school. Used by not-competitors.ts.
 */
import type { FoundCompetitor } from './competitors';
import { CORPORATE_WORDS, NAME_CONNECTORS } from './generic-words';
import { isDictionaryProperNoun, isDictionaryWord } from './lexicon/dictionary';
import { nameKey } from './lexicon/name-key';
import type { Language } from './types';

/** Words after a category name that leave it the same thing ("Visa Infinite", "Amazon Prime"). */
const TIER_WORDS =
  /^(?:prime|plus|pro|premium|business|gold|platinum|signature|infinite|classic|standard|direct|online|card|karte|tarjeta|карта|бизнес|онлайн|премиум|маркет|market|pay|wallet|checkout|\.(?:com|de|es|ru))$/i;

/** "Check24-Gruppe", "Visa Inc." → the name without its corporate word, else null. */
export function withoutCorporateWord(name: string): string | null {
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

/**
 * German public bodies and services by the end of their one-word names: "Jugendamt", "Finanzämter",
 * "Studentenwerke", "Familienzentren", "Stadtbibliothek", "Verbraucherzentrale", "Handwerkskammer".
 */
const GERMAN_PUBLIC_BODY =
  /^\p{Lu}\p{Ll}+(?:amt|ämter|behörde|behörden|studentenwerk|studentenwerke|zentrum|zentren|bibliothek|bibliotheken|zentrale|zentralen|kammer|kammern|gericht|gerichte|verwaltung)$|^(?:Studentenwerk|Studentenwerke|Jobcenter|Arbeitsagentur|Volkshochschule|Volkshochschulen)$/u;

/**
 * Associations, federations and foundations speak for a trade or a cause, they sell nothing:
 * "American Dental Association", "Bundesverband Deutscher Fertigbau", "Asociación Española de
 * Pediatría", "Fundación Española de la Nutrición". "Society" is left out: "Skipton Building
 * Society" is a bank.
 */
const ASSOCIATION =
  /(?:^|\s)(?:association|associations|asociaci[oó]n|asociaciones|ассоциаци\p{L}*|federation|federaci[oó]n|föderation|fundaci[oó]n|\p{L}*verband|\p{L}*verbands|\p{L}*verbände)(?:\s|$)/iu;

export function isPublicBodyOrSchool(name: string, activities: string): boolean {
  return (
    PUBLIC_BODY.test(name) ||
    ASSOCIATION.test(name) ||
    GERMAN_PUBLIC_BODY.test(name) ||
    (SCHOOL.test(name) && !EDUCATION.test(activities.toLowerCase()))
  );
}

/** "Lokaler Solarteur", "Local installers", "Instalador local", "Местный клининг": a kind of provider. */
const LOCAL_QUALIFIER =
  /^(?:local(?:es)?|lokal(?:e|er|en)?|regional(?:e|er|en|es)?|örtlich(?:e|er|en)?|independent|unabhängig(?:e|er|en)?|местн\p{L}+|региональн\p{L}+|частн\p{L}+)$/iu;

/** "Freie Werkstatt", "Vertragswerkstatt", "Hausbank": a kind of provider, no name. */
const GERMAN_PROVIDER_KIND =
  /^(?:freie (?:werkstatt|werkstätten)|vertragswerkstatt|vertragswerkstätten|hausbank|hausarzt|hausärztin)$/iu;

export function isGenericProvider(name: string): boolean {
  const words = name.split(' ');
  return (
    (words.length >= 2 &&
      (LOCAL_QUALIFIER.test(words[0]) || LOCAL_QUALIFIER.test(words[words.length - 1]))) ||
    GERMAN_PROVIDER_KIND.test(name)
  );
}

/** A name with its tier word ("Visa Infinite" → "Visa"), else null. */
export function withoutTier(phrase: string): string | null {
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

/** "Form 941", "W-2s", "1099-NEC", "Modelo 303", "Anlage EÜR": numbered tax and filing forms. */
const FORM_CODE =
  /^(?:Form|Forms|Formular|Formulario|Modelo|Schedule|Anlage|Форма)\s+[\p{Lu}\d][\p{L}\d-]{0,8}$|^\d{3,4}-[A-Z]{1,4}s?$|^[A-Z]-\d{1,2}s?$/u;

/**
 * "Ley Crea y Crece", "Lacey Act", "Закон о защите прав потребителей", "Real Decreto 1/2024": a law
 * or a regulation, by the word that says so at its head (or, in English, its end).
 */
const LAW_HEAD =
  /^(?:Ley|Leyes|Real Decreto|Decreto|Reglamento|Directiva|Orden|Gesetz|Verordnung|Richtlinie|Закон|Федеральный закон|Постановление|Приказ|Указ|Law|Directive|Regulation)\s/u;
const LAW_TAIL = /\s(?:Act|Law|Directive|Regulation|Rule|Gesetz|Verordnung)$/u;

export function isLawName(name: string): boolean {
  const bare = name.replace(/^(?:the|el|la|los|las|der|die|das)\s+/iu, '');
  return LAW_HEAD.test(bare) || LAW_TAIL.test(bare);
}

/** "Ley Crea y ": a law's title runs on after a conjunction ("Crece" is no name of its own). */
const LAW_TITLE_BEFORE =
  /(?:^|[\s(«"“„])(?:Ley|Gesetz|Закон|Law|Directiva|Reglamento)\s+[^\n.,;:]{1,40}\s(?:y|e|and|und|и)\s+$/u;

export function continuesLawTitle(text: string, at: number): boolean {
  return LAW_TITLE_BEFORE.test(text.slice(Math.max(0, at - 60), at));
}

/**
 * "60 Мбит", "4 GB RAM", "20 SIM-карт", "000 UDIS", "T+1": a quantity and its unit, or a
 * settlement term. A name that starts with digits is written without a space after them ("1&1",
 * "7-Eleven", "1Password").
 */
const QUANTITY = /^\d[\d.,–-]*\s|^T\+\d$/u;

/** "Weeks 1–4", "Tag 3", "Этап 2": a span of a plan, and the language levels "B2", "C1". */
const PLAN_SPAN =
  /^(?:weeks?|days?|months?|steps?|phases?|stages?|wochen?|tage?|monate?|schritte?|phasen?|semanas?|días?|mes(?:es)?|pasos?|fases?|недел[ияьюе]|дн[иейя]|день|месяц\p{L}*|шаг\p{L}*|этап\p{L}*)\s+\d{1,2}(?:\s*[–-]\s*\d{1,2})?$|^[ABC][12]$/iu;

export function isDateAmountOrCode(name: string): boolean {
  return (
    DATE.test(name) ||
    PLAN_SPAN.test(name) ||
    AMOUNT.test(name) ||
    MODEL_CODE.test(name) ||
    LAW_NUMBER.test(name) ||
    FORM_CODE.test(name) ||
    QUANTITY.test(name) ||
    // "Steuer- und Sozialversicherungsersparnis": the first half of a compound, no name.
    /-$/.test(name)
  );
}

/** A Russian imperative opening an advice step: "Проверьте", "Опишите", "Протестируйте". */
export const RU_IMPERATIVE = /^[А-ЯЁ][а-яё]{2,}(?:ите|йте|ьте)$/u;

/** A conjunction is lowercase: "Frank And Oak" is one name, title case and all. */
export const JOINER =
  /\s+(?:und|and|y|e|u|и|oder|or|o|или|sowie|[vV][sS]\.?|versus|или же|bzw\.)\s+|\s*[/,]\s*/u;

/** A conjunction standing as a word of its own ("GDPR и HIPAA"); "RE/MAX" holds no joiner word. */
export const JOINER_WORD = /^(?:und|and|y|e|u|и|oder|or|o|или|sowie|vs\.?|versus|bzw\.|[/,&])$/iu;

/** "N26 und Revolut" → ["N26", "Revolut"] with their offsets; a name stays whole otherwise. */
export function splitJoined(c: FoundCompetitor, looksLikeName: (part: string) => boolean): FoundCompetitor[] {
  // "RE/MAX", "AC/DC": short capitals around a bare slash are one name.
  if (/^\p{Lu}{1,3}\/\p{Lu}{1,3}$/u.test(c.name)) return [c];
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
export function withoutJoinedForms(c: FoundCompetitor): FoundCompetitor {
  const forms = c.forms.filter((f) => f.split(JOINER).length < 2);
  return forms.length === c.forms.length ? c : { ...c, forms };
}

/**
 * A name as written: capitalised words, digits, "&" ("& Other Stories" opens with it), an inner
 * capital ("iRemont") or star ("585*Золотой").
 */
export const NAME_SHAPE =
  /^(?:&\s+)?(?:[\p{Lu}\p{N}]|\p{Ll}{1,2}\p{Lu})[\p{L}\p{N}.&'’+*-]*(?:\s+[\p{Lu}\p{N}&][\p{L}\p{N}.&'’+*-]*)*$/u;

/** A word of digits or a code ("5070", "B580", "4.0", "1440p", "A350-900"). */
export const CODE_WORD = /^(?=.*\d)[\p{L}\d.,+-]{1,12}$/u;

/** Words that make a phrase a company's name beside a code ("S7 Airlines", "X5 Group"). */
const COMPANY_WORD =
  /^(?:airlines?|airways|air|group|bank|mobile|telecom|energy|insurance|авиалинии|банк|групп\p{L}*)$/iu;

/**
 * A product line or model named by a code and generic words ("RTX 5070", "Arc B580", "Mes 1",
 * "12 GB de VRAM"): no company. A name with a code keeps it when the rest is a name ("Airbus
 * A350", "Ryzen 5").
 */
export function isModelPhrase(name: string, language: Language, never: (key: string) => boolean): boolean {
  const words = name.split(' ');
  if (words.length < 2 || !words.some((w) => CODE_WORD.test(w))) return false;
  const rest = words.filter((w) => !CODE_WORD.test(w) && !NAME_CONNECTORS.has(w.toLowerCase()));
  // "S7 Airlines", "X5 Group": a code beside a company word names a company, not a model.
  if (rest.some((w) => COMPANY_WORD.test(w))) return false;
  // German and English dictionaries hold makers' names ("Mazda", "Google"): there only terms count.
  const common = (w: string) =>
    (language === 'es' || language === 'ru') && isDictionaryWord(w, wordLanguage(w, language));
  return rest.every((w) => never(nameKey(w)) || common(w));
}

/**
 * A descriptive phrase led by a common noun ("Fondos de Pensiones", "Dirección General de Seguros",
 * "Certificados de Profesionalidad"): plural or followed by "de …" it names a thing, not a company.
 * Corporate words ("Banco de Sabadell") lead names.
 */
export function isDescriptivePhrase(name: string, language: Language): boolean {
  if (language !== 'es' && language !== 'de') return false;
  const words = name.split(' ');
  if (words.length < 2 || CORPORATE_WORDS.has(words[0].toLowerCase())) return false;
  const first = words[0];
  if (!/^\p{Lu}\p{Ll}+$/u.test(first) || !isDictionaryWord(first, language)) return false;
  // "Atlas Copco": a word the dictionaries also write as a proper noun opens a company's name.
  if (isDictionaryProperNoun(first, 'en') || isDictionaryProperNoun(first, language)) return false;
  // Abstract nouns lead a thing even alone: "Certificación Verifactu", "Stiftung Warentest".
  return (
    /(?:s|es|en|ungen|ción|sión|dad|miento|ung|heit|keit|schaft)$/u.test(first) ||
    words.slice(1).some((w) => ['de', 'del', 'der', 'für'].includes(w))
  );
}

/** "NoCuenta de ING", "Cuenta Online de BBVA": a product of a company named after "de". */
export function companyAfterDe(name: string): string | null {
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
 * English capitalises headings word by word: "Where It Falls Short", "Detailed Comparison Table"
 * are ordinary words, no name. Three words or more that are all common
 * words are a heading; two may be a name ("Capital One", "Roadrunner Suite"), so they stay.
 */
export function isTitleCasePhrase(name: string, language: Language): boolean {
  if (language !== 'en') return false;
  const words = name.split(/[\s-]+/).filter((w) => !NAME_CONNECTORS.has(w.toLowerCase()));
  if (words.length < 3) return false;
  const ordinary = (w: string) => {
    const bare = w.replace(/['’].*$/, '');
    if (SHORT_WORDS.has(bare.toLowerCase())) return true;
    return /^\p{Lu}\p{Ll}+(?:['’]\p{Ll}+)?$/u.test(w) && isDictionaryWord(bare, 'en');
  };
  const plain = words.filter(ordinary);
  if (plain.length === words.length) return true;
  // "Top POS Systems for Boutiques": three ordinary words and a connector title a section, an
  // acronym among them or not.
  return (
    plain.length >= 3 &&
    /\s(?:for|of|to|in|with)\s/.test(name) &&
    words.every((w) => plain.includes(w) || /^[\p{Lu}\p{N}]{2,5}$|^\p{Lu}\p{Ll}*\p{Lu}\p{Ll}*$/u.test(w))
  );
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
  ...'usa elige compara considera prueba ambos ambas todos todas muchos algunos entre con sin para según'.split(
    ' ',
  ),
  ...'it its owned run by includes in'.split(' '),
  ...'nutzen nutze wählen wähle vergleichen prüfen beide alle viele einige bei mein meine zum zur unser unsere auch sie per im am'.split(
    ' ',
  ),
  ...'у в во с со на для от до из по при о об к ко за и а но или как между перед над под через среди кроме после около'.split(
    ' ',
  ),
  // Russian gerunds opening a sentence ("Сравнивая Sensodyne и R.O.C.S., …").
  ...'сравнивая выбирая учитывая покупая используя оформляя открывая подключая заказывая планируя'.split(' '),
]);

export function withoutLeadingWords(name: string): string {
  let words = name.split(' ');
  // "Откройте ИИС": a Russian imperative opening an advice step is no part of the name.
  while (words.length > 1 && (OPENING_WORDS.has(words[0].toLowerCase()) || RU_IMPERATIVE.test(words[0]))) {
    if (namedWithArticle(words)) break;
    words = words.slice(1);
  }
  return words.join(' ');
}

/**
 * "El Corte Inglés", "The Inkey List", "La Roche-Posay": a capitalised article before a name of
 * two words (or a hyphenated one) is part of it. Before one word ("The Revolut") it is not.
 */
function namedWithArticle(words: string[]): boolean {
  const [article, ...rest] = words;
  return (
    /^(?:The|El|La|Los|Las)$/.test(article) &&
    rest.every((w) => /^\p{Lu}/u.test(w)) &&
    (rest.length >= 2 || /\p{L}-\p{Lu}/u.test(rest[0]))
  );
}

export const wordLanguage = (w: string, language: Language): Language =>
  /[\u0400-\u04FF]/.test(w) ? 'ru' : language === 'ru' ? 'en' : language;
