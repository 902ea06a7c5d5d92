/**
 * Competitor extraction: names in list items, bold text, headings, table cells and enumerations
 * in prose ("such as X, Y and Z"), plus the project's known competitors and their aliases.
 * Precision matters more than recall: a phrase becomes a competitor only when it reads as a name,
 * and a weak name (one capitalized word) is dropped when most of its siblings in the same list or
 * table column are not names (then that list enumerates criteria, not brands).
 */
import { capitalizedRuns } from './capitalized-runs';
import type { KnownCompetitor, Language } from './types';
import { CORPORATE_WORDS, FUNCTION_WORD_SET, NAME_CONNECTORS } from './generic-words';
import { cleanCandidate, generic, judgeName, type NameVerdict } from './name-like';
import { isNameForm, namePatternSource, namesRegex, nameTokens } from './name-pattern';
import { findIndexedSpans, firstNamed, foldedText, indexSpellings, type SpellingIndex } from './name-scan';
import { isSentenceStart } from './brand-mentions';
import {
  exampleOfTrade,
  introducesOtherKind,
  isTradeWord,
  listedAfterLeadIn,
  listedUnderItemLabel,
  listedAfterOtherKind,
  listedAfterPlacePreposition,
  listedAfterThirdParties,
  namedAfterChannelNoun,
  namedAfterGoodsNoun,
} from './introduced-kind';
import { usedWith } from './used-with';
import { isListedCompany } from './other-kinds';
import { memoized } from './memo';
import { opensWithImperative } from './advice-step';
import {
  isDictionaryEntry,
  isDictionaryProperNoun,
  isDictionaryWord,
  isGermanCommonNoun,
} from './lexicon/dictionary';
import { isRussianPlace } from './russian-names';
import { lineAt, sentenceAround, type Line } from './text';

interface Candidate {
  name: string;
  index: number;
  strong: boolean;
  structural: boolean;
  /** A single word ending like a common noun: taken only among other names. */
  ordinaryEnding?: boolean;
  /** One word in capitals: in prose, a name only among other names. */
  acronym?: boolean;
  /** German: a multiword name no noun phrase looks like ("Costa Coffee"): anchors a list. */
  germanPhraseName?: boolean;
  /** Known competitor's canonical name, when it is one. */
  canonical?: string;
  /** Found alone in running prose: no list, table, heading, bold or enumeration around it. */
  lone?: boolean;
}

interface GroupItem {
  candidate: Candidate | null;
  /** The own brand counts as a name when judging whether a list enumerates names. */
  own: boolean;
}

export interface CompetitorContext {
  text: string;
  lines: Line[];
  language: Language;
  textIsCyrillic: boolean;
  germanNouns: boolean;
  isOwnBrand: (phrase: string) => boolean;
  /** Where the own brand is written (ordered, URL-masked text offsets): no competitor inside. */
  brandSpans: Array<{ start: number; end: number }>;
  known: KnownCompetitor[];
  russianContext: boolean;
  /** The project's trade: its activities and brand names (may be empty). */
  trade: string;
}

export interface FoundCompetitor {
  name: string;
  /** Offset of its first appearance in the answer. */
  first: number;
  /** The spellings it was found under (the name itself among them when written so). */
  forms: string[];
  /** One of the project's competitors: the analyst's word, no list overrules it. */
  known?: boolean;
}

/** Where a list item's or a cell's name ends; "Dr. Klein", "St. Regis" keep their title. */
const LEAD_SEPARATOR =
  /^(.{1,70}?)(?:\s+[—–-]\s+|\s*:\s|\s*:$|\s\(|,\s|(?<!(?:^|\s)(?:Dr|Prof|St|Mr|Mrs|Ms|Sr|Jr))\.\s|\s-\s|\s\|)/;
/** A bold label's end: a period or colon inside the bold or right after it ("**Профиль.**", "**Tip**:"). */
const BOLD_LABEL_END = /[.:][*_]{2}|[*_]{2}[.:]$/;
const BOLD = /\*\*([^*\n]{1,70}?)\*\*|__([^_\n]{1,70}?)__/g;

/** The name a list item or heading starts with, if it starts with one. */
function leadOf(content: string): string | null {
  const c = content.trim().replace(/^(?:\d{1,3}[.)]\s+)/, '');
  const bold = /^(?:\*\*|__)(.{1,70}?)(?:\*\*|__)/.exec(c);
  if (bold) {
    // "**1. Bonsai — Best all-in-one for freelancers**": the name before the verdict.
    const inner = bold[1].replace(/^\d{1,3}[.)]\s+/, '');
    return / [—–-] /.test(inner) ? (LEAD_SEPARATOR.exec(inner)?.[1] ?? inner) : bold[1];
  }
  const link = /^\[([^\]]{1,70})\]\(/.exec(c);
  if (link) return link[1];
  const sep = LEAD_SEPARATOR.exec(c);
  if (sep) return sep[1];
  return c.length <= 40 && !/[.!?]$/.test(c) ? c : null;
}

function splitCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

const MORE_OPTIONS =
  '(?:(?:other|more) (?:options|alternatives|brands|providers)|(?:weitere|andere) (?:optionen|alternativen|anbieter|hersteller|marken)|otras (?:opciones|alternativas|marcas|empresas)|други[ех] (?:варианты|производители|марки|бренды|компании))';
/** A line that opens with a label of more options ("**Weitere Optionen:** …"): it names peers. */
export const MORE_OPTIONS_LABEL = new RegExp(`^[\\s*_-]*${MORE_OPTIONS}[*_]*:`, 'iu');

const PROSE_TRIGGERS = [
  'such as',
  'like',
  'including',
  'e\\.g\\.',
  'for example',
  'alternatives? (?:are|include|like|such as)',
  'competitors? (?:are|include|like|such as)',
  'compared (?:to|with)',
  'versus',
  'vs\\.?',
  'например',
  'такие как',
  'таких как',
  'такими как',
  ', как',
  'включая',
  'в том числе',
  'по сравнению с',
  'в отличие от',
  'альтернативы?:?',
  'конкуренты?:?',
  'wie',
  'z\\. ?B\\.',
  'etwa',
  'beispielsweise',
  'darunter',
  'im Vergleich zu',
  'como',
  'por ejemplo',
  'incluyendo',
  'entre ellos',
  'entre ellas',
  'frente a',
  'en comparación con',
  // "**Weitere Optionen:** Almig, Gardner Denver und Ingersoll Rand …": a label of more options.
  `${MORE_OPTIONS}[*_]*:[*_]*`,
];
/** Kinds of company with examples in brackets: "Европейские марки (Volvo, Scania, MAN)". */
const KIND_BEFORE_BRACKET =
  '(?:brands|makers|manufacturers|companies|providers|competitors|марки|бренды|производители|компании|конкуренты|marken|hersteller|anbieter|unternehmen|marcas|fabricantes|empresas|proveedores)';
/**
 * The letters a trigger starts with (the label of more options starts "other", "more", "weitere",
 * "andere", "otras", "други…"): a lookahead for them is tried before the lookbehind at each
 * position, and fails fast at most of them (a fifth of this regex's time).
 */
const TRIGGER_HEADS = [
  ...new Set([
    ...PROSE_TRIGGERS.filter((t) => !t.startsWith('(')).map((t) => t[0]),
    ...KIND_BEFORE_BRACKET.slice(3, -1)
      .split('|')
      .map((t) => t[0]),
    ...'omwaд',
  ]),
].join('');
const PROSE = new RegExp(
  `(?=[${TRIGGER_HEADS}])(?<![\\p{L}])(?:(?:${PROSE_TRIGGERS.join('|')})[ \\u00A0]+([^.!?\\n;]{1,160})|${KIND_BEFORE_BRACKET}[ \\u00A0]*\\(([^.!?\\n;)]{1,160}))`,
  'giu',
);
const ENUM_SPLIT = /\s*(?:,|;|\s(?:and|or|und|oder|y|o|и|или|а также|as well as|sowie)\s)\s*/iu;
/** Prepositions that may stand between a trigger and the name ("по сравнению с у Ozon"). */
const LEADING_PREPOSITION = /^(?:у|в|на|с|от|к|the|bei|von|mit|de|en|a|al|con|el|la|los|las|der|die|das)\s+/i;

const CYRILLIC = /[\u0400-\u04FF]/;
/** A list joint right before a phrase: the cheap test that spares ENUM_BEFORE almost always. */
const JOINT_BEFORE = /(?:,|\s(?:and|or|y|o|e|und|oder|sowie|и|или))(?:\s+\p{L}{2,3})?\s*[«"“„*]*$/iu;
/**
 * A name and a list joint before a phrase ("Sixt, ", "Sixt und die "); an article after a bare comma
 * opens a new clause ("… in Deutschland, die Unterschiede sind …").
 */
const ENUM_BEFORE =
  /[\p{Lu}\p{N}][\p{L}\p{N}.&'’+-]*[»"”*)]*(?:,|\s(?:and|or|y|o|e|und|oder|sowie|и|или)(?:\s+(?:the|die|der|das|den|el|la|los|las))?)\s*[«"“„*]*$/u;
/**
 * A list joint and a name after a phrase (", Hertz", " oder Europcar", " und die Sparkasse"); an
 * article after a bare comma opens a new clause ("in großen Filialen, der Thalia Club bringt …").
 */
const ENUM_AFTER =
  /^[»"”*)]*\s*(?:,|(?:and|or|y|o|e|und|oder|sowie|и|или)\s+(?:(?:the|die|der|das|den|el|la|los|las)\s+)?)\s*[«"“„*]*[\p{Lu}\p{N}]/u;

/** "A, B and C": a capitalized phrase directly beside a comma or a conjunction of a list. */
function enumerated(text: string, start: number, end: number): boolean {
  return (
    (JOINT_BEFORE.test(text.slice(Math.max(0, start - 14), start)) &&
      ENUM_BEFORE.test(text.slice(Math.max(0, start - 40), start))) ||
    ENUM_AFTER.test(text.slice(end, end + 14))
  );
}

const OPENING_QUOTE = /[«„“"]/;
const NUMBERED_HEADING = /^[\s*_#]*\d{1,2}[.)]\s/;

/**
 * A heading that opens a section of alternatives or brands ("### 4. Alternativen", "**Other
 * options**", "### Marcas españolas", "## Other brands").
 */
const ALTERNATIVES_HEADING =
  /^[\s*_#\d.)\p{Extended_Pictographic}]*(?:alternatives?|(?:other|more) options|other (?:providers|makers|companies)|competitors|alternativen|(?:andere|weitere) (?:anbieter|optionen|hersteller)|konkurrenten|wettbewerber|альтернатив\p{L}*|конкурент\p{L}*|другие (?:варианты|производители|компании)|alternativas|otras (?:opciones|empresas)|competidores|(?:other )?brands|(?:andere )?marken|(?:otras )?marcas|(?:другие )?бренды)(?!\p{L})/iu;

/**
 * Where sections headed "Alternatives" / "Альтернативы" run, from the end of their heading to the
 * next heading: their items and prose name the brand's peers, whatever their words.
 */
export function alternativeSectionsOf(text: string, lines: Line[]): Array<{ start: number; end: number }> {
  const sections: Array<{ start: number; end: number }> = [];
  let open: { start: number; end: number } | null = null;
  for (const line of lines) {
    if (line.kind !== 'heading') continue;
    if (open) open.end = line.start;
    open = ALTERNATIVES_HEADING.test(text.slice(line.contentStart, line.end))
      ? { start: line.end, end: text.length }
      : null;
    if (open) sections.push(open);
  }
  return sections;
}

/** A list item that opens with its subject's owner: "Owned by Vail Resorts", "Gehört zu Check24". */
const OWNER_LEAD =
  /^[*_]*(?:(?:owned|operated|run|backed|acquired) by|part of|a subsidiary of|gehört zu|teil von|propiedad de|filial de|принадлежит|входит в)\s/iu;

/**
 * A heading that opens a checklist ("Что понадобится", "Worauf achten", "Qué tener en cuenta"),
 * the documents to bring ("Unterlagen vorbereiten"), warning signs ("Señales de estafa") or the
 * techniques of a trade ("Técnicas"): its items open with documents, terms, criteria and methods,
 * not with companies.
 */
const CHECKLIST_HEADING =
  /^[\s*_#\d.)\p{Extended_Pictographic}]*(?:(?:customs |pre-\S+ )?checklist|what (?:you(?:'ll| will)? )?need|what to (?:check|consider|look for|watch)|things to (?:check|consider|watch)|before (?:you|signing|booking|buying)|tips\b|requirements|documents?\b|warning signs|red flags|techniques|methods|чек-?лист|что (?:понадобится|нужно|проверить|учесть)|на что (?:обратить|смотреть)|советы|документы|признаки|методы|методики|checkliste|worauf|was sie (?:brauchen|beachten)|tipps?\b|unterlagen|dokumente|warnsignale|methoden|verfahren\b|qué (?:tener en cuenta|necesitas|revisar|comprobar)|a tener en cuenta|ten en cuenta|requisitos|consejos|documentos|documentación|señales|técnicas|métodos)/iu;

/** A line that is bold as a whole ("**3. Unterlagen vorbereiten**"): a heading in all but markup. */
const BOLD_TITLE_LINE = /^\s*\*\*[^*\n]+\*\*:?\s*$/;

/**
 * «Сколько стоит CRM …», "Cheapest CRM with …": a capitalized word opening a quoted phrase (an
 * answer echoing the question) starts a sentence, not a name. A quoted name stays a name:
 * «Тинькофф», „Check24“ are followed by the closing quote, not by lowercase words.
 */
function startsQuotedPhrase(text: string, start: number, end: number): boolean {
  if (!OPENING_QUOTE.test(text[start - 1] ?? '')) return false;
  const rest = text.slice(end, end + 160);
  const close = rest.search(/[»“”"\n]/);
  return close > 0 && /\s\p{Ll}/u.test(rest.slice(0, close));
}

/** First cells of a table header that say the first column lists brands, services or products. */
const NAME_COLUMN_HEADERS = new Set(
  `service services provider providers company companies brand brands name tool tools app apps platform
  platforms bank banks product products software crm store shop retailer airline operator carrier card cards
  marketplace option options solution broker brokers insurer insurers school schools agency agencies
  сервис сервисы компания компании бренд бренды название банк банки платформа платформы инструмент
  приложение магазин маркетплейс оператор провайдер продукт вариант решение брокер брокеры страховщик
  страховщики школа школы клиника клиники агентство агентства
  anbieter marke marken unternehmen firma name bank banken dienst tool app plattform produkt shop händler
  software lösung agentur
  servicio servicios proveedor empresa empresas marca marcas nombre banco bancos herramienta aplicación
  plataforma producto tienda operador opción solución agencia agencias inmobiliaria aseguradora
  aseguradoras compañía compañías entidad entidades aerolínea aerolíneas operadora operadoras
  versicherer versicherung krankenkasse fluggesellschaft airline händler застройщик авиакомпания
  страховая перевозчик
  manufacturer manufacturers maker makers vendor vendors supplier suppliers chain model models
  производитель производители поставщик поставщики вендор сеть модель модели
  hersteller lieferant modell modelle kette fabricante fabricantes modelo modelos cadena`.split(/\s+/),
);

/** First cells of a table header that say the other header cells are the compared brands. */
/**
 * "| Игра | Игроков |", "| Book | Price |", "| Zona | Precio al mes |": a column of titles (games,
 * books, courses) or of places (districts, cities), no companies.
 */
const TITLE_COLUMN_HEADERS = new Set(
  `игра игры книга книги курс курсы фильм фильмы блюдо блюда game games book books course courses film
  films movie movies dish dishes title titles spiel spiele buch bücher kurs kurse film filme gericht titel
  juego juegos libro libros curso cursos película películas plato platos título títulos
  город города район районы регион регионы area areas district districts neighborhood neighbourhood
  city cities region regions location locations stadt städte stadtteil stadtteile bezirk bezirke ort
  orte region regionen lage zona zonas barrio barrios ciudad ciudades región regiones ubicación`.split(/\s+/),
);

const CRITERIA_COLUMN_HEADERS = new Set(
  `feature features criterion criteria parameter критерий параметр характеристика merkmal kriterium
  característica criterio`.split(/\s+/),
);

interface KnownMatch {
  index: number;
  length: number;
  canonical: string;
}

/**
 * Finds the project's known competitors and aliases in a text. The names are indexed by their
 * first letter: at each word start only the names beginning with that letter are tried (one sticky
 * regex per letter, longest names first), instead of every name at every position.
 */
class KnownMatcher {
  private readonly byLetter = new Map<string, { regex: RegExp; canonicals: string[] }>();
  /** Each spelling an entry of its own, indexed once for the scan of name-scan.ts. */
  private readonly spellings: SpellingIndex;
  private readonly canonicals: string[];

  constructor(
    entries: Array<{ name: string; canonical: string }>,
    private readonly russianContext: boolean,
  ) {
    this.spellings = indexSpellings(entries.map((e) => [e.name]));
    this.canonicals = entries.map((e) => e.canonical);
    const grouped = new Map<string, { sources: string[]; canonicals: string[] }>();
    for (const e of [...entries].sort((a, b) => b.name.length - a.name.length)) {
      const src = namePatternSource(e.name, russianContext);
      if (!src) continue;
      const letter = firstLetter(e.name, 0);
      const group = grouped.get(letter) ?? { sources: [], canonicals: [] };
      grouped.set(letter, group);
      group.sources.push(`(${src})`);
      group.canonicals.push(e.canonical);
    }
    for (const [letter, g] of grouped)
      this.byLetter.set(letter, { regex: new RegExp(g.sources.join('|'), 'yiu'), canonicals: g.canonicals });
  }

  get empty(): boolean {
    return this.byLetter.size === 0;
  }

  /**
   * Every known name in `text`, left to right, not overlapping: by the string scan, or by the
   * regexes when folding the text changes its length.
   */
  matches(text: string): KnownMatch[] {
    const spans = findIndexedSpans(text, this.spellings, this.russianContext);
    if (spans)
      return spans.map((s) => ({
        index: s.start,
        length: s.end - s.start,
        canonical: this.canonicals[s.entry],
      }));
    const out: KnownMatch[] = [];
    WORD_START.lastIndex = 0;
    for (let w = WORD_START.exec(text); w; w = WORD_START.exec(text)) {
      const group = this.byLetter.get(firstLetter(text, w.index));
      if (!group) continue;
      group.regex.lastIndex = w.index;
      const m = group.regex.exec(text);
      if (!m) continue;
      let g = 1;
      while (m[g] === undefined) g++;
      out.push({ index: m.index, length: m[0].length, canonical: group.canonicals[g - 1] });
      WORD_START.lastIndex = m.index + Math.max(1, m[0].length);
    }
    return out;
  }
}

const WORD_START = /(?<![\p{L}\p{N}_])[\p{L}\p{N}]/gu;
const firstLetter = (s: string, at: number) => s.charAt(at).toLowerCase().replace('ё', 'е');

const knownCache = new Map<string, KnownMatcher | null>();

/** The matcher of a project's known competitors, built once per list (cached by the list). */
function knownMatcher(known: KnownCompetitor[], russianContext: boolean): KnownMatcher | null {
  if (!known.length) return null;
  const key =
    (russianContext ? 'r' : 'l') + known.map((k) => [k.name, ...k.members].join('\u0002')).join('\u0001');
  const cached = knownCache.get(key);
  if (cached !== undefined) return cached;
  const entries: Array<{ name: string; canonical: string }> = [];
  const seen = new Set<string>();
  for (const k of known) {
    for (const n of [k.name, ...k.members]) {
      const name = n.trim();
      if (!name || seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      entries.push({ name, canonical: k.name });
    }
  }
  const built = new KnownMatcher(entries, russianContext);
  const matcher = built.empty ? null : built;
  if (knownCache.size > 200) knownCache.clear();
  knownCache.set(key, matcher);
  return matcher;
}

/** Lowercase letters and digits only, `ё` as `е`: spacing, hyphens and apostrophes aside. */
const foldName = memoized((name: string): string =>
  name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]/gu, ''),
);

/**
 * What every written form of a name starts with, lowercase: the first word's leading letters,
 * less the two a Russian ending may replace ("Лента" → "лен" covers "Ленты", "Ленте").
 */
const stemOf = memoized((name: string): string => {
  const first = nameTokens(name)[0] ?? name;
  const run = /^[\p{L}\p{N}]+/u.exec(first.toLowerCase().replace(/ё/g, 'е'))?.[0] ?? '';
  return CYRILLIC.test(run) ? run.slice(0, Math.max(1, run.length - 2)) : run;
});

/**
 * German prose puts a category noun before a name ("der Discounter Aldi", "die Direktbank ING"),
 * and a sentence may open with one («Альтернативы amoCRM …») or with a preposition ("Auf
 * Kleinanzeigen"): it is not part of the name. Only nouns of six letters or more and the function
 * words of generic-words.ts are cut ("About You" stays), only from a run of two or more words, and
 * never before a connector.
 */
function withoutLeadingCommonNouns(run: string): string {
  let rest = run;
  for (;;) {
    const m = /^(\p{L}{3,})[ \u00A0]+([^ \u00A0]+)/u.exec(rest);
    if (!m || !generic(m[1]) || NAME_CONNECTORS.has(m[2].toLowerCase())) return rest;
    if (m[1].length < 6 && !FUNCTION_WORD_SET.has(m[1].toLowerCase())) return rest;
    rest = rest.slice(m[0].length - m[2].length);
  }
}

const keyOf = memoized((name: string): string => {
  const words = name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[\s-]+/)
    .filter((w) => w && !CORPORATE_WORDS.has(w));
  return (words.length ? words : [name.toLowerCase()]).join('').replace(/[^\p{L}\p{N}]/gu, '');
});

/** What one answer's reading collects, pass by pass (each pass is a function below). */
interface Reading {
  ctx: CompetitorContext;
  /** Items of one list, heading level or table column, weighed together at the end. */
  groups: Map<string, GroupItem[]>;
  /** Groups whose place says every item is a name: a table column headed "Service", "Anbieter". */
  nameGroups: Set<string>;
  /** Candidates weighed on their own. */
  loose: Candidate[];
  known: KnownMatcher | null;
  judge: Judge;
}

type Judge = (
  raw: string,
  index: number,
  structural: boolean,
  lenient?: boolean,
  dictionary?: boolean,
) => GroupItem;

export function extractCompetitors(ctx: CompetitorContext): FoundCompetitor[] {
  const known = knownMatcher(ctx.known, ctx.russianContext);
  const reading: Reading = {
    ctx,
    groups: new Map(),
    nameGroups: new Set(),
    loose: [],
    known,
    judge: judgeOnce(ctx, known),
  };
  const alternativeSections = readLayout(reading);
  readBold(reading);
  const proseAcronyms = readCapitalizedRuns(reading, alternativeSections);
  readProseEnumerations(reading);
  readProseAcronyms(reading, proseAcronyms);
  // Known competitors written anywhere.
  if (known) {
    for (const { index, canonical } of known.matches(ctx.text))
      reading.loose.push({ name: canonical, index, strong: true, structural: true, canonical });
  }
  return mergeAndOrder([...reading.loose, ...acceptedFromGroups(reading)], ctx);
}

/**
 * The judge of phrases: a name recurs within one answer (list, bold, prose), so each phrase once
 * per way of judging it (a place that weighs names also reads quoted and lowercase ones).
 */
function judgeOnce(ctx: CompetitorContext, known: KnownMatcher | null): Judge {
  const knownOf = (phrase: string): string | undefined => {
    if (!known) return undefined;
    const m = known.matches(phrase)[0];
    return m && m.length >= phrase.trim().length * 0.6 ? m.canonical : undefined;
  };
  const verdicts = new Map<string, { verdict: NameVerdict | null; own: boolean; canonical?: string }>();
  return (raw, index, structural, lenient = false, dictionary = true) => {
    const memoKey = (structural ? '1' : '0') + (lenient ? '1' : '0') + (dictionary ? '1' : '0') + raw;
    let v = verdicts.get(memoKey);
    if (!v) {
      const verdict = verdictOf(raw, ctx, structural, lenient, dictionary);
      const phrase = verdict?.name ?? raw;
      const own = ctx.isOwnBrand(phrase);
      v = { verdict, own, canonical: own ? undefined : knownOf(phrase) };
      verdicts.set(memoKey, v);
    }
    if (v.own) return { candidate: null, own: true };
    const canonical = v.canonical;
    if (canonical) {
      return { candidate: { name: canonical, index, strong: true, structural, canonical }, own: false };
    }
    const verdict = v.verdict;
    if (!verdict) return { candidate: null, own: false };
    const { name, strong, acronym, ordinaryEnding, germanPhraseName } = verdict;
    return {
      candidate: { name, index, strong, structural, acronym, ordinaryEnding, germanPhraseName },
      own: false,
    };
  };
}

/** Verdicts by the way of judging, then by phrase: a pure function of both, remembered across answers. */
const verdictsByWay = new Map<string, Map<string, NameVerdict | null>>();

function verdictOf(
  raw: string,
  ctx: CompetitorContext,
  structural: boolean,
  lenient: boolean,
  dictionary: boolean,
): NameVerdict | null {
  const way = `${ctx.language}${+ctx.textIsCyrillic}${+ctx.germanNouns}${+structural}${+lenient}${+dictionary}`;
  let byPhrase = verdictsByWay.get(way);
  if (!byPhrase) verdictsByWay.set(way, (byPhrase = new Map()));
  let verdict = byPhrase.get(raw);
  if (verdict === undefined) {
    const judged = judgeName(raw, ctx, lenient, dictionary);
    // A quoted name in a list lead or heading is sure, even where its words read as weak.
    verdict =
      (structural && (!judged || judged.ordinaryEnding) ? quotedName(raw, ctx) : null) ??
      judged ??
      (structural ? lowercaseName(raw, ctx) : null);
    if (byPhrase.size > 20_000) byPhrase.clear();
    byPhrase.set(raw, verdict);
  }
  return verdict;
}

function addToGroup(reading: Reading, group: string, item: GroupItem): void {
  const list = reading.groups.get(group);
  if (list) list.push(item);
  else reading.groups.set(group, [item]);
}

/**
 * "Training Features", "Battery Life": a heading in title case of ordinary words is a section
 * title, weighed like one ordinary word: a name only among headings that are names.
 */
function asHeading(item: GroupItem, language: Language): GroupItem {
  const c = item.candidate;
  return c && !c.strong && !c.ordinaryEnding && ordinaryPhrase(c.name, language)
    ? { ...item, candidate: { ...c, ordinaryEnding: true } }
    : item;
}

/**
 * Lists, headings and tables: the name each item, heading or first cell starts with, grouped by
 * the list, heading level or column it stands in. Returns the sections of alternatives
 * (`alternativeSectionsOf`).
 */
function readLayout(reading: Reading): Array<{ start: number; end: number }> {
  const { ctx, judge } = reading;
  const { text, lines } = ctx;
  const none: GroupItem = { candidate: null, own: false };
  let listBlock = 0;
  let sectionBlock = 0;
  let tableBlock = 0;
  let tableRows: TableRow[] = [];
  const flushTable = () => {
    if (tableRows.length >= 2) readTable(reading, tableRows, `t${tableBlock++}`);
    tableRows = [];
  };
  const alternativeSections = alternativeSectionsOf(text, lines);
  let checklist = false;
  for (const line of lines) {
    if (line.kind === 'heading') {
      checklist = CHECKLIST_HEADING.test(text.slice(line.contentStart, line.end));
    } else if (line.kind === 'text' && BOLD_TITLE_LINE.test(line.text)) {
      checklist = CHECKLIST_HEADING.test(line.text);
    } else if (line.kind === 'list' && BOLD_TITLE_LINE.test(line.text) && CHECKLIST_HEADING.test(line.text)) {
      // "**3. Unterlagen vorbereiten**": a numbered step titled like a checklist opens one.
      checklist = true;
    }
    if (line.kind === 'table') {
      tableRows.push({ line, cells: splitCells(line.text) });
      continue;
    }
    flushTable();
    if (line.kind === 'list') {
      const content = text.slice(line.contentStart, line.end);
      // "- Owned by Alterra Mountain Company. …": an item on the owner, not a peer.
      const lead = checklist || OWNER_LEAD.test(content) ? null : leadOf(content);
      const item = lead ? judge(lead, line.contentStart, true) : none;
      // Numbered items and bullets are two lists even at one indent: "**1. Mailchimp**" with
      // "* **Free plan:** …" under it ranks tools, its bullets list their criteria.
      // Numbered items run on across the paragraphs between them ("**2. Delta**", a paragraph,
      // "**3. United**"): one list until the next heading; bullets end at a paragraph.
      const numbered = /^\s*(?:\*\*)?\d/.test(line.text);
      const group = numbered ? `n${sectionBlock}:${line.indent}` : `l${listBlock}:${line.indent}b`;
      addToGroup(reading, group, item);
      if (alternativeSections.some((s) => s.start <= line.start && line.start < s.end))
        reading.nameGroups.add(group);
    } else if (line.kind === 'heading') {
      listBlock++;
      sectionBlock++;
      const lead = leadOf(text.slice(line.contentStart, line.end));
      const item = lead ? judge(lead, line.contentStart, true) : none;
      const level = line.text.replace(/[^#].*$/, '').length;
      // "### 2. **Visible** – from $25", "**1. Mailchimp**": numbered headings rank items, a list
      // of their own beside the section titles of the same level.
      if (NUMBERED_HEADING.test(text.slice(line.contentStart, line.end)))
        addToGroup(reading, `n${level}`, item);
      else addToGroup(reading, `h${level}`, asHeading(item, ctx.language));
    } else if (line.text.trim() && !/^\s/.test(line.text)) {
      listBlock++;
    }
  }
  flushTable();
  return alternativeSections;
}

interface TableRow {
  line: Line;
  cells: string[];
}

/**
 * One table: "| Service | Price | … |" holds names down its first column, "| Feature | Notion | … |"
 * or an empty corner across its header; a column of ranks puts the names in the second column.
 */
function readTable(reading: Reading, rows: TableRow[], id: string): void {
  const { ctx, judge } = reading;
  const hasHeader = rows.length > 1 && rows[1].cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '');
  const body = hasHeader ? rows.slice(2) : rows;
  // "| № | Брокер | Группа |": a first column of ranks puts the names in the second.
  const ranked = body.every((r) => /^(?:#|№)?\s*\d{0,3}[.)]?$/.test(r.cells[0] ?? ''));
  const nameColumn = ranked && body.length > 0 && (body[0].cells.length ?? 0) > 1 ? 1 : 0;
  let namesDown = false;
  let namesAcross = false;
  if (hasHeader) {
    const header = rows[0];
    const corner = (cleanCandidate(header.cells[nameColumn] ?? '') || '').toLowerCase();
    // A corner naming the project's trade ("Aseguradora" for health insurance) heads names too.
    namesDown =
      NAME_COLUMN_HEADERS.has(corner) || (/^\p{L}+$/u.test(corner) && isTradeWord(corner, ctx.trade));
    namesAcross = corner === '' || CRITERIA_COLUMN_HEADERS.has(corner);
    if (TITLE_COLUMN_HEADERS.has(corner)) return;
    if (namesDown) reading.nameGroups.add(`${id}c`);
    if (namesAcross) reading.nameGroups.add(`${id}h`);
    if (!namesDown) {
      header.cells.slice(nameColumn + 1).forEach((cell) => {
        const at = header.line.start + header.line.text.indexOf(cell);
        addToGroup(reading, `${id}h`, asHeading(judge(leadOf(cell) ?? cell, at, true), ctx.language));
      });
    }
  }
  if (namesAcross) return;
  for (const row of body) {
    const cell = row.cells[nameColumn];
    if (cell === undefined) continue;
    addToGroup(
      reading,
      `${id}c`,
      judge(leadOf(cell) ?? cell, row.line.start + row.line.text.indexOf(cell), true),
    );
  }
}

/**
 * Bold names anywhere (emphasis of an ordinary phrase fails the name test). A bold lead of a list
 * item or heading was judged with its siblings already. A bold word that ends like a common noun is
 * a name only among other bold names (a chat answer's paragraphs "**Salesforce** is … **Pipedrive**
 * is …"), as in a list.
 */
function readBold(reading: Reading): void {
  const { ctx, judge, loose } = reading;
  const { text, lines } = ctx;
  const bold: GroupItem[] = [];
  BOLD.lastIndex = 0;
  for (let m = BOLD.exec(text); m; m = BOLD.exec(text)) {
    const line = lineAt(lines, m.index);
    if (line && line.kind !== 'text' && m.index <= line.contentStart + 4) continue;
    if (line?.kind === 'table') continue;
    const item = judge(m[1] ?? m[2], m.index, true);
    bold.push(item);
    // "**Профиль.** …", "**Стеклопакет.** …", "… **Royalty:** 5 %": bold labels in paragraphs are
    // weighed together, as a list's leads are (labels that are no candidate aside). "**Гранд
    // Экспресс** — …" is no label.
    if (line?.kind === 'text' && BOLD_LABEL_END.test(text.slice(BOLD.lastIndex - 3, BOLD.lastIndex + 1))) {
      if (item.candidate || item.own) addToGroup(reading, 'bold-leads', item);
      continue;
    }
    if (!item.candidate || item.candidate.ordinaryEnding) continue;
    // "Агрегатор **Мегаптека**": a bold name after a channel noun is named in passing too.
    const aside =
      namedAfterChannelNoun(text, m.index, ctx.trade) || listedAfterThirdParties(text, m.index, ctx.trade);
    loose.push(aside ? { ...item.candidate, lone: true } : item.candidate);
  }
  if (amongNames(bold, ctx.germanNouns))
    for (const i of bold) if (i.candidate?.ordinaryEnding) loose.push(i.candidate);
}

/** The names of one sentence's enumeration: sure ones counted, weak ones kept for the weighing. */
interface Enumeration {
  names: number;
  /** Acronyms among the names: taken beside a name that is no acronym. */
  acronyms: Candidate[];
  weak: Candidate[];
  endingLike: Candidate[];
}

/**
 * Capitalized names inside sentences. Russian capitalizes only proper nouns, so a capitalized word
 * mid-sentence is a name; English and Spanish capitalize titles and places too, so there a name
 * must sit in an enumeration; German capitalizes every noun, so only strong signals count.
 * Returns the acronyms met in prose, weighed once every other name is known.
 */
function readCapitalizedRuns(
  reading: Reading,
  alternativeSections: Array<{ start: number; end: number }>,
): Candidate[] {
  const { ctx, judge, loose } = reading;
  const { text, lines } = ctx;
  const enumerations = new Map<number, Enumeration>();
  const enumerationAt = (index: number) => {
    const clause = clauseStart(text, sentenceAround(text, index).start, index);
    let e = enumerations.get(clause);
    if (!e) enumerations.set(clause, (e = { names: 0, acronyms: [], weak: [], endingLike: [] }));
    return e;
  };
  let spanAt = 0;
  const proseAcronyms: Candidate[] = [];
  const adviceStep = adviceSteps(text);
  for (const m of capitalizedRuns(text)) {
    const runEnd = m.index + m.run.length;
    const line = lineAt(lines, m.index);
    if (!line || line.kind === 'table') continue;
    if (line.kind !== 'text' && m.index <= line.contentStart + 4) continue;
    const initial = isSentenceStart(text, m.index, false) || startsQuotedPhrase(text, m.index, runEnd);
    // A capitalized common noun opening a sentence is no part of the name after it
    // («Альтернативы amoCRM для …»); German writes every noun so, anywhere.
    const run = ctx.germanNouns || initial ? withoutLeadingCommonNouns(m.run) : m.run;
    const runAt = runEnd - run.length;
    const inList = enumerated(text, runAt, runEnd);
    // Asked only of runs that are candidates (most runs are not: the tests cost a third of the analysis).
    const passing = () => namedInPassing(ctx, runAt, inList, line, adviceStep);
    // A run that overlaps the own brand as written is the own brand, even when the run stops
    // inside it ("Ещё вариант: **Северный** ветер", «CRM Северный ветер»: the capitals end before
    // the brand's lowercase word).
    while (spanAt < ctx.brandSpans.length && ctx.brandSpans[spanAt].end <= runAt) spanAt++;
    const span = ctx.brandSpans[spanAt];
    if (span && span.start < runEnd) {
      if (inList) enumerationAt(m.index).names++;
      continue;
    }
    const item = judge(run, runAt, false, ctx.textIsCyrillic && !initial, initial);
    const c = item.candidate;
    // An acronym in prose is a name only beside other names: in an enumeration of names, or in a
    // sentence that names the brand or another competitor. "(FGD)" after the words it abbreviates
    // never is.
    if (c?.acronym) {
      if (/\(\s*$/.test(text.slice(Math.max(0, runAt - 2), runAt))) continue;
      if (inList) {
        const e = enumerationAt(m.index);
        e.names++;
        // "SLS and MJF", "TSH, CLIA": acronyms enumerated only with acronyms are terms.
        e.acronyms.push(passing() ? { ...c, lone: true } : c);
      } else proseAcronyms.push(c);
      continue;
    }
    if (item.own || (c && c.strong)) {
      if (inList) enumerationAt(m.index).names++;
      if (c)
        loose.push(inList && !ordinaryPhrase(c.name, ctx.language) && !passing() ? c : { ...c, lone: true });
      continue;
    }
    if (!c) continue;
    const weak = c.ordinaryEnding ? 'endingLike' : 'weak';
    if (initial) {
      // "Movistar y Orange ofrecen …": a sentence-initial name joined by a conjunction to the next.
      const joined = /^\s+(?:and|or|y|o|e|und|oder|и|или)\s/iu.test(text.slice(runEnd, runEnd + 6));
      if (joined) enumerationAt(m.index)[weak].push(c);
      // "Granier es la opción más barata", "Starbucks is pricier": a word no dictionary holds, the
      // subject of a judgement, names a company (not in German, which capitalises every noun).
      else if (
        !ctx.germanNouns &&
        !c.ordinaryEnding &&
        c.name.length >= 4 &&
        SUBJECT_VERB.test(text.slice(runEnd, runEnd + 12)) &&
        !knownWord(c.name, ctx.language)
      )
        loose.push(c);
      continue;
    }
    if (ctx.textIsCyrillic && CYRILLIC.test(c.name) && !c.ordinaryEnding) {
      // A Russian name of an enumeration anchors the acronyms beside it ("на ЦИАН, Авито и Домклик").
      if (inList) enumerationAt(m.index).names++;
      loose.push(inList && !isRussianPlace(c.name) && !passing() ? c : { ...c, lone: true });
    } else if (inList) {
      enumerationAt(m.index)[weak].push(
        ordinaryPhrase(c.name, ctx.language) || passing() ? { ...c, lone: true } : c,
      );
    }
  }
  weighEnumerations(reading, enumerations, alternativeSections);
  return proseAcronyms;
}

/**
 * Where the clause holding `index` starts: after the last dash or colon between the sentence's
 * start and it. "dm (Ebelin) und Rossmann (Altapharma) – günstiger, Haftung und Polsterung
 * schwanken" enumerates names, then qualities: two lists, weighed apart.
 */
function clauseStart(text: string, sentenceStart: number, index: number): number {
  // A walk back from the name: most names stand a few words after their clause's start.
  for (let i = index - 2; i > sentenceStart; i--) {
    const c = text[i];
    const spaceAfter = /\s/.test(text[i + 1]);
    if (c === ':' && spaceAfter) return i + 2;
    if ((c === '–' || c === '—') && spaceAfter && /\s/.test(text[i - 1])) return i + 2;
  }
  return sentenceStart;
}

/** A verb that makes the word before it the subject of a judgement or a description. */
const SUBJECT_VERB =
  /^[ \u00A0]+(?:is|are|has|offers|costs|was|es|son|tiene|ofrece|cuesta|era|ist|sind|hat|bietet|kostet|war|—|–)\s/u;

/** Whether any word of the phrase is a dictionary word of the answer's language, of English, or a place. */
function knownWord(name: string, language: Language): boolean {
  return name
    .split(/[\s-]+/)
    .some(
      (w) =>
        generic(w) ||
        isDictionaryWord(w, language) ||
        isDictionaryWord(w, 'en') ||
        isDictionaryProperNoun(w, language === 'ru' ? 'en' : language),
    );
}

/** Whether each list line opens an advice step ("Compare …", "Проверьте …"), asked once per line. */
function adviceSteps(text: string): (line: Line) => boolean {
  const steps = new Map<number, boolean>();
  return (line) => {
    let step = steps.get(line.start);
    if (step === undefined)
      steps.set(line.start, (step = opensWithImperative(text.slice(line.contentStart, line.end))));
    return step;
  };
}

/**
 * Whether the run at `runAt` is named in passing: "integrations with Okta, …", "insurers like
 * Aetna", "в Анталье и Кемере", "кроссовки Nike и Adidas", "интеграций: 1С, МойСклад", "Агрегатор
 * X", or a name in an advice step that is no example of the brand's own kind.
 */
function namedInPassing(
  ctx: CompetitorContext,
  runAt: number,
  inList: boolean,
  line: Line,
  adviceStep: (line: Line) => boolean,
): boolean {
  const { text, trade } = ctx;
  return (
    (inList &&
      (usedWith(text, runAt) ||
        listedAfterOtherKind(text, runAt, trade) ||
        listedAfterThirdParties(text, runAt, trade) ||
        listedAfterPlacePreposition(text, runAt, trade))) ||
    (ctx.textIsCyrillic && namedAfterGoodsNoun(text, runAt, trade)) ||
    listedAfterLeadIn(text, runAt, trade, ctx.germanNouns) ||
    namedAfterChannelNoun(text, runAt, trade) ||
    (line.kind === 'list' &&
      listedUnderItemLabel(text, runAt, line.contentStart, trade, (w) =>
        isOrdinaryLabelWord(w, ctx.language),
      )) ||
    (line.kind === 'list' && adviceStep(line) && !exampleOfTrade(text, runAt, line.contentStart, trade))
  );
}

/** A word of an item's label that the answer's language or English writes as an ordinary word. */
function isOrdinaryLabelWord(word: string, language: Language): boolean {
  return isDictionaryWord(word, language) || isDictionaryWord(word, 'en');
}

/**
 * One capitalized word beside a comma is no list; two or more names in one sentence are. German
 * capitalizes every noun ("Kirchensteuer und Krankenkasse"), so there the enumeration also needs
 * one sure name: the own brand or a strong name ("bei Sixt, Hertz oder Europcar"). A word ending
 * like a common noun ("United": -ed) counts only beside two other names.
 */
function weighEnumerations(
  reading: Reading,
  enumerations: Map<number, Enumeration>,
  alternativeSections: Array<{ start: number; end: number }>,
): void {
  const { germanNouns } = reading.ctx;
  for (const [at, e] of enumerations) {
    if (e.names + e.weak.length > e.acronyms.length || e.acronyms.some((c) => isListedCompany(c.name)))
      reading.loose.push(...e.acronyms);
    const names = e.names + e.weak.length;
    const anchored = e.names >= 1 || alternativeSections.some((s) => s.start <= at && at < s.end);
    if (names < 2 || (germanNouns && !anchored)) continue;
    // German: two nouns of the dictionary or of a noun's ending or more make a list of things
    // ("Dokus, Krimis und Serien", "Haftung und Polsterung"). One alone may be a brand the
    // dictionary holds ("Vodafone und O2").
    if (germanNouns && e.weak.filter(isGermanNoun).length + e.endingLike.length >= 2) continue;
    reading.loose.push(...e.weak, ...e.endingLike);
  }
}

/** Enumerations in prose: "such as Revolut, N26 and Monzo". */
function readProseEnumerations(reading: Reading): void {
  const { ctx, judge, loose } = reading;
  const { text } = ctx;
  PROSE.lastIndex = 0;
  const weakGerman: Candidate[] = [];
  for (let m = PROSE.exec(text); m; m = PROSE.exec(text)) {
    const listed = m[1] ?? m[2];
    const start = m.index + m[0].length - listed.length;
    // "марки (Volvo, Scania)": the kind word before the bracket says these are brands.
    const otherKind =
      m[2] === undefined && (introducesOtherKind(text, m.index, ctx.trade) || usedWith(text, m.index));
    let offset = 0;
    for (const part of listed.split(ENUM_SPLIT)) {
      const at = listed.indexOf(part, offset);
      offset = at + part.length;
      const chunk = part.replace(LEADING_PREPOSITION, '');
      const run = PROSE_NAME.exec(chunk);
      if (!run) break;
      const item = judge(run[0], start + at, false, true);
      if (!item.candidate) {
        // German: one non-name after "wie" makes it a list of things ("wie Miete, Strom und Internet").
        if (ctx.germanNouns && !item.own) {
          weakGerman.length = 0;
          break;
        }
        continue;
      }
      const c = otherKind ? { ...item.candidate, lone: true } : item.candidate;
      if (!ctx.germanNouns || c.strong) loose.push(c);
      else weakGerman.push(c);
    }
    // German: weak names after a trigger count when two or more stand together, all of them names
    // and less than two nouns of the dictionary ("z. B. Familie, Selbstständigkeit").
    if (weakGerman.length >= 2 && weakGerman.filter(isGermanNoun).length < 2) loose.push(...weakGerman);
    weakGerman.length = 0;
  }
}

/** The name an enumerated part starts with: capitalised words, "of", "de", "und"… between them. */
const PROSE_NAME =
  /^[«"“„]?(?:[\p{Lu}\p{N}][\p{L}\p{N}.&'’+-]*|[a-z]+[A-Z][\p{L}]*)(?:\s+(?:[\p{Lu}\p{N}][\p{L}\p{N}.&'’+-]*|of|de|del|la|y|und|the))*/u;

/**
 * An acronym met in prose counts only in a sentence that names the brand or another name, and
 * even there it is named in passing ("the MTD rules", "по данным ФСВОК" beside the brand): weighed
 * only where a list, table or heading also holds it, or the prose returns to it.
 */
function readProseAcronyms(reading: Reading, proseAcronyms: Candidate[]): void {
  if (!proseAcronyms.length) return;
  const { ctx, loose } = reading;
  // Where the brand and the other names are, sorted, to ask "any in this sentence?" by bisection.
  const named = [
    ...ctx.brandSpans.map((b) => b.start),
    ...loose.filter((o) => !o.acronym).map((o) => o.index),
  ];
  named.sort((a, b) => a - b);
  for (const c of proseAcronyms) {
    const { start, end } = sentenceAround(ctx.text, c.index);
    if (anyWithin(named, start, end)) loose.push({ ...c, lone: true });
  }
}

/** The candidates of each group that its place and its siblings make names. */
function acceptedFromGroups(reading: Reading): Candidate[] {
  const { germanNouns } = reading.ctx;
  const accepted: Candidate[] = [];
  for (const [group, items] of reading.groups) {
    // A column headed "Service" / "Anbieter" names brands whatever its words look like.
    const nameColumn = reading.nameGroups.has(group);
    const names = items.filter((i) => i.own || (i.candidate && !i.candidate.ordinaryEnding)).length;
    // German capitalizes nouns, so a list of criteria reads like names: it needs one sure name.
    const anchor =
      !germanNouns ||
      items.some(
        (i) => i.own || i.candidate?.strong || i.candidate?.germanPhraseName || noDictionaryWord(i.candidate),
      );
    const enumeratesNames = anchor && (items.length < 2 || names * 2 >= items.length);
    const endingLikeTaken = amongNames(items, germanNouns);
    for (const i of items) {
      const c = i.candidate;
      if (!c) continue;
      // In a column of names, a capitalised ordinary word ("Casket" under "Service") needs one name
      // beside it; a brand written in lowercase ("congstar") does not.
      const inNameColumn = nameColumn && (!c.ordinaryEnding || names >= 1 || /^\p{Ll}/u.test(c.name));
      if (c.strong || inNameColumn || (c.ordinaryEnding ? endingLikeTaken : enumeratesNames))
        accepted.push(c);
    }
  }
  return accepted;
}

/**
 * A name no German or English dictionary knows a word of ("Salesforce", "Zoho CRM"): sure enough to
 * anchor a German list, whose criteria ("Preis", "Kundenservice", "Support") are dictionary words.
 */
function noDictionaryWord(c: Candidate | null | undefined): boolean {
  if (!c || c.ordinaryEnding) return false;
  const words = c.name.split(/[\s-]+/).filter((w) => /\p{L}/u.test(w));
  return (
    words.length > 0 &&
    words[0].length >= 4 &&
    words.every((w) => !isDictionaryWord(w, 'en') && !isGermanWordForm(w))
  );
}

/**
 * A German dictionary word, also as a plural in -s the stemmer keeps ("Tipps") or a verb in the
 * third person ("Lehnt", "Bleibt": an advice step's opening verb).
 */
function isGermanWordForm(word: string): boolean {
  return (
    isDictionaryWord(word, 'de') ||
    (word.endsWith('s') && isDictionaryWord(word.slice(0, -1), 'de')) ||
    (word.endsWith('t') && isDictionaryWord(`${word.slice(0, -1)}en`, 'de'))
  );
}

/**
 * Whether a word that ends like a common noun ("Pipedrive": -ive, "Freshsales": -ales) stands
 * among names: two or more other items of its list are names (or the own brand), and they are at
 * least half of it. A list of criteria ("Scalability, Onboarding, Customization") is not.
 */
function amongNames(items: GroupItem[], germanNouns: boolean): boolean {
  if (!items.some((i) => i.candidate?.ordinaryEnding)) return false;
  const names = items.filter((i) => i.own || (i.candidate && !i.candidate.ordinaryEnding));
  const anchor =
    !germanNouns || names.some((i) => i.own || i.candidate?.strong || i.candidate?.germanPhraseName);
  return anchor && names.length >= 2 && names.length * 2 >= items.length;
}

/**
 * A weak German candidate that is a noun of the dictionary as written ("Serien", "Familie"): an
 * enumeration holding one lists things ("Dokus, Krimis und Serien"), whatever its other words.
 */
function isGermanNoun(c: Candidate): boolean {
  return isGermanCommonNoun(c.name);
}

const QUOTED = /^[«„“"]([^«»„“”"]{2,40})[»“”"]$/u;

/**
 * «Будь здоров», «Моё дело», „Mein Bus“: a quoted phrase where a list item, a heading or bold
 * text puts a name is one, lowercase words and all (Russian quotes names of that kind).
 */
function quotedName(raw: string, ctx: CompetitorContext): NameVerdict | null {
  const bare = raw
    .replace(/[*_]/g, '')
    .trim()
    .replace(/^\d{1,3}[.)]\s*/, '');
  const inner = QUOTED.exec(bare)?.[1];
  if (!inner || !/^[\p{Lu}\p{N}]/u.test(inner) || inner.split(' ').length > 4) return null;
  const verdict = judgeName(inner.split(' ')[0], ctx, true, false);
  return verdict && { ...verdict, name: inner, strong: true, acronym: false, ordinaryEnding: false };
}

/** "lexoffice", "congstar", "bunq", "t2", "n8n": one lowercase word no dictionary holds. */
const LOWERCASE_WORD = /^[a-z][a-z\d&+-]{1,19}$/;
const LOWERCASE_DOMAIN = /^[a-z][a-z\d-]{1,19}\.(?:com|io|de|ru|es|net|org|app|ai|co)$/;

/**
 * A brand written in lowercase, where a list item, bold text, a heading or a table cell puts a
 * name: weighed like a word with a common ending (a name only among other names or in a column of
 * names); with a digit ("t2", "n8n") it is a strong name.
 */
function lowercaseName(raw: string, ctx: CompetitorContext): NameVerdict | null {
  const name = cleanCandidate(raw);
  // "monday.com", "idealo.de": a domain written as the name is one, even of a dictionary word.
  if (LOWERCASE_DOMAIN.test(name))
    return { name, strong: true, acronym: false, ordinaryEnding: false, germanPhraseName: false };
  if (!LOWERCASE_WORD.test(name) || /^[a-z]{1,2}$/.test(name)) return null;
  const digit = /\d/.test(name);
  if (!digit && (isDictionaryEntry(name, ctx.language) || isDictionaryEntry(name, 'en'))) return null;
  return { name, strong: digit, acronym: false, ordinaryEnding: !digit, germanPhraseName: false };
}

/**
 * English title case of ordinary words in running prose ("Training Load", "Visual Voicemail",
 * "Server Actions"): the name of a feature or a title, counted only where the answer weighs it.
 */
function ordinaryPhrase(name: string, language: Language): boolean {
  if (language !== 'en') return false;
  const words = name.split(' ');
  const ordinary = (w: string) => /^\p{Lu}\p{Ll}+$/u.test(w) && isDictionaryWord(w, 'en');
  // "HRV Status": an acronym before the ordinary words reads the same.
  return (
    words.length >= 2 &&
    ordinary(words[words.length - 1]) &&
    words.every((w) => ordinary(w) || /^\p{Lu}{2,4}$/u.test(w))
  );
}

/** Whether the sorted `values` hold one in [start, end). */
function anyWithin(values: number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < values.length && values[lo] < end;
}

/**
 * The name a competitor is shown by: a known competitor's canonical name; else a spelling from a
 * list, heading or table (nominative there); else the spelling whose inflections cover the others
 * (the nominative "Ашан" covers "Ашана"); else the first one.
 */
function canonicalName(forms: Candidate[], russianContext: boolean): string {
  const known = forms.find((f) => f.canonical);
  if (known?.canonical) return known.canonical;
  const structural = forms.filter((f) => f.structural);
  const pool = [...new Set((structural.length ? structural : forms).map((f) => f.name))];
  const all = [...new Set(forms.map((f) => f.name))];
  if (all.length === 1) return all[0];
  for (const name of pool) {
    if (all.every((o) => isNameForm(name, o, russianContext))) return name;
  }
  return pool[0];
}

/**
 * Whether two folded spellings can be case forms of one name: they differ only in their last few
 * letters ("тбанк", "тбанка"; "яндекславка", "яндекславке"). The cheap test before the regex.
 */
function closeSpellings(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 4) return false;
  const shorter = Math.min(a.length, b.length);
  let same = 0;
  while (same < shorter && a.charCodeAt(same) === b.charCodeAt(same)) same++;
  return same >= shorter - 3;
}

/** Merges spellings of one competitor and orders competitors by first appearance in the text. */
function mergeAndOrder(candidates: Candidate[], ctx: CompetitorContext): FoundCompetitor[] {
  return firstMentions(clusterSpellings(candidates, ctx), ctx);
}

/** One way a competitor is written, with what its case forms are compared by. */
interface Spelling {
  name: string;
  folded: string;
  stem: string;
}

/** A competitor's spellings found as candidates. */
interface Cluster {
  forms: Candidate[];
  spellings: Spelling[];
}

/** The candidates grouped by competitor: one spelling, a known competitor, or case forms of one name. */
function clusterSpellings(candidates: Candidate[], ctx: CompetitorContext): Cluster[] {
  candidates.sort((a, b) => a.index - b.index);
  // A name is found many times (list, bold, prose, known scan): cluster each spelling once.
  const bySpelling = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const k = c.canonical === undefined ? c.name : `${c.name}\u0000${c.canonical}`;
    const same = bySpelling.get(k);
    if (same) same.push(c);
    else bySpelling.set(k, [c]);
  }
  const clusters: Cluster[] = [];
  // One spelling's pattern can only match another that starts with its stem: a cheap string test
  // spares the regex for almost every pair.
  // Tested on strings (isNameForm): a regex per new name is the costliest step for an answer with
  // names the process has not seen.
  const inflects = (a: Spelling, b: Spelling) => {
    if (!b.folded.startsWith(a.stem) || !closeSpellings(a.folded, b.folded)) return false;
    return isNameForm(a.name, b.name, ctx.russianContext);
  };
  // A name only ever written alone in running prose is mentioned in passing (a regulator, a place,
  // a tool the answer uses), not weighed as an alternative: the alternatives an answer weighs stand
  // in its lists, tables, headings, bold text or enumerations. An answer all in prose has no other
  // place to weigh them: there every name counts. Weighed spellings cluster first; a spelling
  // written only in passing joins one of their clusters or goes.
  const laidOut = ctx.lines.some((l) => l.kind !== 'text');
  // A name the prose comes back to three times or more is weighed there too.
  const passing = (forms: Candidate[]) => laidOut && forms.length < 3 && forms.every((f) => f.lone);
  const spellings = [...bySpelling.values()].sort((a, b) => Number(passing(a)) - Number(passing(b)));
  // Clusters by key, by known competitor, and by first letter (two spellings that inflect one
  // another share it): a long answer has hundreds of spellings, so no search over all clusters.
  const byKey = new Map<string, Cluster>();
  const byCanonical = new Map<string, Cluster>();
  const byInitial = new Map<string, Array<{ cluster: Cluster; spelling: Spelling }>>();
  for (const spelling of spellings) {
    const c = spelling[0];
    const key = keyOf(c.name);
    const folded = foldName(c.name);
    const me: Spelling = { name: c.name, folded, stem: stemOf(c.name) };
    const initial = folded.charAt(0);
    let cluster =
      byKey.get(key) ??
      (c.canonical !== undefined ? byCanonical.get(c.canonical) : undefined) ??
      byInitial.get(initial)?.find((o) => inflects(o.spelling, me) || inflects(me, o.spelling))?.cluster;
    if (!cluster) {
      if (passing(spelling)) continue;
      cluster = { forms: [], spellings: [] };
      clusters.push(cluster);
    }
    cluster.forms.push(...spelling);
    cluster.spellings.push(me);
    if (!byKey.has(key)) byKey.set(key, cluster);
    for (const f of spelling)
      if (f.canonical !== undefined && !byCanonical.has(f.canonical)) byCanonical.set(f.canonical, cluster);
    const peers = byInitial.get(initial) ?? [];
    byInitial.set(initial, peers);
    peers.push({ cluster, spelling: me });
  }
  return clusters;
}

/**
 * Each cluster as a competitor: its shown name, its spellings (a known competitor's aliases too)
 * and where it is first written — which may be before its first candidate ("Revolut's app …"
 * before the list).
 */
function firstMentions(clusters: Cluster[], ctx: CompetitorContext): FoundCompetitor[] {
  const named = clusters.map((cl) => {
    cl.forms.sort((a, b) => a.index - b.index);
    return { name: canonicalName(cl.forms, ctx.russianContext), forms: cl.forms };
  });
  const out: FoundCompetitor[] = [];
  const seen = new Set<string>();
  // Offsets in the folded text match the answer's only when folding kept its length.
  const folded = foldedText(ctx.text);
  const foldedForms = folded.length === ctx.text.length ? folded : null;
  for (const cl of named) {
    if (seen.has(cl.name)) continue;
    seen.add(cl.name);
    const names = [...new Set(cl.forms.map((f) => f.name))];
    const known = ctx.known.find((k) => k.name === cl.name);
    const all = known ? [known.name, ...known.members, ...names] : names;
    let first = cl.forms[0].index;
    // An earlier mention that was no candidate ("Revolut's app …" before the list): only worth a
    // regex scan when one of the names' stems occurs before the first candidate at all.
    const earlier =
      foldedForms === null ||
      all.some((n) => {
        const stem = stemOf(n);
        const at = stem ? foldedForms.indexOf(stem) : 0;
        return at >= 0 && at < first;
      });
    if (earlier) {
      const at = foldedForms ? firstNamed(foldedForms, all, ctx.russianContext, first) : -1;
      if (at >= 0) first = at;
      else if (!foldedForms) {
        // Folding changed the text's length: the regex reads the answer as written.
        const re = namesRegex(all, ctx.russianContext);
        if (re) re.lastIndex = 0;
        const m = re?.exec(ctx.text);
        if (m && m.index < first) first = m.index;
      }
    }
    out.push({ name: cl.name, first, forms: all, known: known !== undefined });
  }
  return out.sort((a, b) => a.first - b.first);
}
