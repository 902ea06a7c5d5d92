/**
 * The last look at the competitors an answer names: what reads as a name but is no competitor.
 * - two competitors joined into one phrase ("N26 und Revolut") are split;
 * - regulators, public services, payment networks, marketplaces, comparison sites and integrations
 *   (lexicon/categories.ts) go, unless the brand is of the same kind;
 * - acronyms and names of documents, laws, taxes and standards go;
 * - dates, amounts and model codes go.
 * - a competitor's products merge into it; Russian case forms into their nominative.
 * The shapes are read in phrase-shapes.ts, the kinds of companies in other-kinds.ts. Names the
 * analyst ruled out (hidden competitors, own products) go in excluded-names.ts.
 */
import type { FoundCompetitor } from './competitors';
import { BUSINESS_WORD, CORPORATE_WORDS } from './generic-words';
import { generic } from './name-like';
import { isGermanCommonNoun } from './lexicon/dictionary';
import { nameKey } from './lexicon/name-key';
import { memoized } from './memo';
import { comparedHere, listsFor, ofTheirCompanysKind, spansOfEach } from './other-kinds';
import {
  companyAfterDe,
  continuesLawTitle,
  isDateAmountOrCode,
  isDescriptivePhrase,
  isGenericProvider,
  isLawName,
  isModelPhrase,
  isPublicBodyOrSchool,
  isTitleCasePhrase,
  JOINER_WORD,
  NAME_SHAPE,
  RU_IMPERATIVE,
  splitJoined,
  withoutCorporateWord,
  withoutJoinedForms,
  withoutLeadingWords,
  withoutTier,
} from './phrase-shapes';
import { brandWithProduct, isSectionTitle, makerOf } from './product-lines';
import { nominativesAt } from './russian-names';
import { writtenInsideSentence } from './text';
import type { Language } from './types';

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

export function reviewCompetitors(found: FoundCompetitor[], subject: Subject): FoundCompetitor[] {
  if (!found.length) return found;
  const { never, otherKind } = listsFor(subject);
  const headOf = (name: string) =>
    // "Renault Bank" is a bank of its own, not the car maker.
    withoutTier(name) ?? (/[\s-](?:bank|banco|банк)$/iu.test(name) ? null : withoutCorporateWord(name));
  const inList = (list: (key: string) => boolean, name: string) => {
    if (list(nameKey(name))) return true;
    const head = headOf(name);
    return head !== null && list(nameKey(head));
  };
  const kept = new Map<string, FoundCompetitor>();
  const doubtful: FoundCompetitor[] = [];
  const products = brandWithProduct(subject.text, subject.brandSpans);
  for (const c of found) {
    if (c.known) {
      keep(kept, c);
      continue;
    }
    if (isLawName(c.name) || continuesLawTitle(subject.text, c.first)) continue;
    const parts = splitJoined(withoutJoinedForms(c), (p) => NAME_SHAPE.test(p));
    // "**Druckqualität, Papier, Software**": three German nouns of the dictionary joined are criteria
    // (two may be brands: "Gazelle oder Stromer").
    if (
      subject.language === 'de' &&
      parts.length >= 3 &&
      parts.every((p) => /^\p{Lu}\p{Ll}+$/u.test(p.name) && isGermanCommonNoun(p.name))
    )
      continue;
    for (const whole of parts) {
      const part = cleaned(whole);
      // "Chairman 24/7" split at its slash leaves "7": no name is a bare number ("1&1" is one).
      if (/^[\d\s.,/-]+$/.test(part.name)) continue;
      // "Mein Fazit" → "Fazit", "In California" → "California": what is left after the opening
      // words may be an ordinary word.
      if (
        part.name !== whole.name &&
        !part.name.includes(' ') &&
        ordinaryHere(whole.name, part.name, subject.language)
      )
        continue;
      if (isTitleCasePhrase(part.name, subject.language) && !writtenInsideSentence(subject.text, part.name))
        continue;
      const names = [part.name, ...part.forms];
      if (names.some((n) => isDateAmountOrCode(n) || inList(never, n) || RU_IMPERATIVE.test(n))) continue;
      if (isPublicBodyOrSchool(part.name, subject.activities) || isGenericProvider(part.name)) continue;
      if (madeForTheShop(names, subject.activities)) continue;
      // "УСН ИП", "GDPR и HIPAA": every word a term.
      if (part.name.split(' ').every((w) => never(nameKey(w)) || JOINER_WORD.test(w))) continue;
      if (
        isModelPhrase(part.name, subject.language, never) ||
        isDescriptivePhrase(part.name, subject.language)
      ) {
        const company = companyAfterDe(part.name);
        if (company) keep(kept, { ...part, name: company, forms: [company] });
        continue;
      }
      if (isSectionTitle(part.name, subject.text, part.first, subject.language)) continue;
      if (isSiblingModel(part.name, subject.text)) continue;
      const maker = makerOf(part.name, subject.language, subject.text, products);
      if (subject.brandNames.some((b) => b.toLowerCase() === maker.toLowerCase())) continue;
      const named = maker === part.name ? part : { ...part, name: maker, forms: [maker, ...part.forms] };
      // "Target's Threshold": a store's own label counts as the store, a shop of another kind; so
      // does a maker's code ("VW 502", "MB 229.5": approvals an oil meets).
      const owner = names.flatMap((n) => (/['’]s\s/.test(n) && /^(.*?\p{L})['’]s\s/u.exec(n)?.[1]) || []);
      if (
        maker !== part.name &&
        /^[\p{Lu}\d][\p{Lu}\d./-]*(?: [\p{Lu}\d][\p{Lu}\d./-]*)*$/u.test(part.name.slice(maker.length + 1)) &&
        /\d/.test(part.name.slice(maker.length))
      )
        owner.push(maker);
      if (owner.some((n) => inList(never, n))) continue;
      if ([...owner, ...names].some((n) => inList(otherKind, n))) doubtful.push(named);
      else keep(kept, named);
    }
  }
  mergeProductsIntoCompanies(kept, subject);
  if (doubtful.length) {
    const sure = [...kept.values()];
    const spans = spansOfEach(subject, [...sure, ...doubtful]);
    const ofKind = ofTheirCompanysKind(subject, spans.slice(0, sure.length), spans.slice(sure.length));
    sure.forEach((c, i) => {
      if (ofKind.has(i) && !c.known) kept.delete(c.name.toLowerCase());
    });
    const anchors = [
      ...subject.brandSpans,
      ...spans.slice(0, sure.length).flatMap((s, i) => (ofKind.has(i) ? [] : s)),
    ];
    doubtful.forEach((c, i) => {
      if (comparedHere(subject, spans[sure.length + i], anchors)) keep(kept, c);
    });
  }
  const out = [...kept.values()].sort((a, b) => a.first - b.first);
  return subject.russianContext ? inNominative(out, subject.text) : out;
}

/**
 * Russian answers decline names: spellings that share a possible nominative are one competitor,
 * shown by a spelling that is a nominative of all of them (or the likeliest shared one).
 */
function inNominative(found: FoundCompetitor[], text: string): FoundCompetitor[] {
  const groups: Array<{ members: Array<{ c: FoundCompetitor; mine: string[] }>; shared: string[] }> = [];
  for (const c of found) {
    // The case is read where this spelling is written: the first mention may be another one.
    const written = text.indexOf(c.name, c.first);
    const mine = nominativesAt(c.name, text, written < 0 ? c.first : written);
    const group = groups.find((g) => g.shared.some((n) => mine.includes(n)));
    if (group) {
      group.members.push({ c, mine });
      group.shared = group.shared.filter((n) => mine.includes(n));
    } else groups.push({ members: [{ c, mine }], shared: mine });
  }
  return groups
    .map(({ members, shared }) => {
      const written = members.find(
        (m) => shared.includes(m.c.name) && (m.mine[0] === m.c.name || opensALine(text, m.c.name)),
      );
      const first = Math.min(...members.map((m) => m.c.first));
      // A spelling seen once and inflected is shown by its likeliest nominative.
      const name = written?.c.name ?? shared[0];
      const forms = [...new Set(members.flatMap((m) => [m.c.name, ...m.c.forms]))];
      return { name, first, forms, known: members.some((m) => m.c.known) };
    })
    .sort((a, b) => a.first - b.first);
}

/**
 * Whether the name is written where Russian puts a nominative: at the head of a heading, list item
 * or table cell, alone or joined to another name ("### 3. Донстрой", "| Яндекс Лицей |",
 * "**Тануки и Ёбидоёби**"), so "Донстрой" is not read as the instrumental of "Донстра", nor
 * "Тануки" as the genitive of "Танука".
 */
function opensALine(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `(?:^|\\n|\\|)[ \\t#>*_\\d.)-]*«?${escaped}»?[ *_]*(?:$|\\n|\\||[—–:]|\\s(?:и|или)\\s)`,
    'u',
  ).test(text);
}

/** "Mercedes-Modelle", "Samsung models": the maker of the models named. */
const MODELS_SUFFIX = /[\s-](?:Modelle?|models?|modelos?|модел\p{L}*)$/u;

/** A trade that sells other makers' goods: a shop, a chain of stores, a retailer. */
const SELLS_GOODS =
  /магазин(?! приложений)|гипермаркет|ритейл|\bshop\b|(?<!app )store|retail|händler|warenhaus|fachmarkt|tienda(?! de aplicaciones)|minorista|comercio/iu;
/** "Makita HR2470", "Bosch GBH 2-26 DRE", "Yamaha Pacifica 112V": a maker, then a model with digits. */
const MAKER_AND_MODEL = /^\S+(?:\s+\S+){0,2}?\s+(?:\S*\d\S*)(?:\s+\S+){0,2}$/u;

/**
 * "Перфораторы **Makita HR2470** и **Bosch GBH 2-26 DRE**" in a tool shop's answer: a maker named
 * only with its models makes the goods the shop sells; it is no shop. (A maker's own answer names
 * its rivals' models: there they are competitors.)
 */
function madeForTheShop(names: string[], activities: string): boolean {
  return SELLS_GOODS.test(activities) && names.every((n) => MAKER_AND_MODEL.test(n));
}

/**
 * What is left of a phrase after its opening words is no name: a generic word, or a German noun of
 * the dictionary after a possessive ("Mein Eindruck"; "Das Futterhaus" stays a name).
 */
function ordinaryHere(phrase: string, word: string, language: Language): boolean {
  return (
    generic(word) || (language === 'de' && /^(?:mein|unser)e?\s/i.test(phrase) && isGermanCommonNoun(word))
  );
}

/** The name without the words that open its sentence, and without "-Modelle" after a maker. */
function cleaned(c: FoundCompetitor): FoundCompetitor {
  const name = withoutLeadingWords(c.name).replace(MODELS_SUFFIX, '');
  if (name === c.name) return c;
  return { ...c, name, first: c.first + Math.max(0, c.name.indexOf(name)), forms: [name, ...c.forms] };
}

/**
 * "Revolut Premium" beside "Revolut", "ING Cuenta NoCuenta" beside "ING", "Альфа-Вклад" beside
 * "Альфа-Банк": a competitor's product named after it is that competitor. So is a one-word line
 * the answer writes after a competitor's name, or that ends a two-word one ("Galaxy" of the
 * table's "Galaxy A55" beside "Samsung Galaxy", "Pixel" beside "Google Pixel"); after the brand's
 * own name it is the brand's product ("OPPO Reno12"), no competitor.
 */
function mergeProductsIntoCompanies(kept: Map<string, FoundCompetitor>, subject: Subject): void {
  const all = [...kept.values()];
  const sites = memoized((line: string) => placesWritten(subject.text, line), Infinity);
  // "Samsung Galaxy", or "Redmi Note 13 Pro (Xiaomi)": the maker before the line or in brackets.
  const writtenAfter = (maker: string, line: string) => {
    const { afterSpace, brackets } = sites(line);
    return (
      afterSpace.some((at) => at >= maker.length && subject.text.startsWith(maker, at - maker.length)) ||
      brackets.some((b) => b.startsWith(`(${maker})`))
    );
  };
  for (const c of all) {
    const oneWord = !c.name.includes(' ');
    if (oneWord && subject.brandNames.some((b) => writtenAfter(b, c.name))) {
      kept.delete(c.name.toLowerCase());
      continue;
    }
    const owner = all.find(
      (o) =>
        o !== c &&
        kept.has(o.name.toLowerCase()) &&
        ([o.name, coreOf(o.name)].some(
          (head) => head && [' ', '-', "'s ", '’s '].some((after) => c.name.startsWith(head + after)),
        ) ||
          (oneWord && o.name.split(' ').length === 2 && o.name.endsWith(` ${c.name}`)) ||
          (oneWord && writtenAfter(o.name, c.name))),
    );
    if (!owner) continue;
    kept.delete(c.name.toLowerCase());
    if (
      (fullNameOf(c.name, owner.name) && c.first < owner.first) ||
      neverAlone(owner.name, c.name, subject.text)
    ) {
      // "Kalahari Resorts", later "Kalahari": the company's full name, then its short one.
      kept.delete(owner.name.toLowerCase());
      keep(kept, { ...owner, name: c.name, first: c.first, forms: [c.name, ...c.forms, ...owner.forms] });
    } else keep(kept, { ...c, name: owner.name, forms: [owner.name, ...c.forms] });
  }
}

/**
 * Whether every word written from `short`'s stem is followed by the rest of `long`: "у Фабрики окон"
 * yields the candidate "Фабрика", but the answer never writes it without "окон".
 */
function neverAlone(short: string, long: string, text: string): boolean {
  if (!long.startsWith(`${short} `) || short.includes(' ')) return false;
  // Only a lowercase tail ("Фабрика окон"): "DKB Visa Debit" is a product of DKB.
  const rest = long.slice(short.length);
  if (rest !== rest.toLowerCase()) return false;
  const stem = /[а-яё]$/i.test(short) ? short.slice(0, -1) : short;
  const lower = text.toLowerCase();
  const needle = stem.toLowerCase();
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
    if (at > 0 && /[\p{L}\p{N}]/u.test(lower[at - 1])) continue;
    let end = at + needle.length;
    while (end < lower.length && /\p{L}/u.test(lower[end])) end++;
    if (!lower.startsWith(rest, end)) return false;
  }
  return true;
}

/** Whether `name` is `short` followed by words naming its kind of business. */
function fullNameOf(name: string, short: string): boolean {
  return (
    name.startsWith(`${short} `) &&
    name
      .slice(short.length + 1)
      .split(' ')
      .every((w) => BUSINESS_WORD.test(w))
  );
}

/**
 * Where a product line is written: after a space (a maker may stand before it: "Samsung Galaxy"),
 * and the bracket that follows it on its line within 40 characters ("Redmi Note 13 Pro (Xiaomi)").
 * Found once per line, then tested against each possible maker.
 */
function placesWritten(text: string, line: string): { afterSpace: number[]; brackets: string[] } {
  const afterSpace: number[] = [];
  for (let at = text.indexOf(` ${line}`); at >= 0; at = text.indexOf(` ${line}`, at + 1)) afterSpace.push(at);
  const brackets: string[] = [];
  for (let at = text.indexOf(`${line} `); at >= 0; at = text.indexOf(`${line} `, at + 1)) {
    const after = text.slice(at + line.length, at + line.length + 40);
    const open = after.indexOf('(');
    if (open >= 0 && !/[\n)]/.test(after.slice(0, open))) brackets.push(after.slice(open));
  }
  return { afterSpace, brackets };
}

/** "Альфа" of "Альфа-Банк", "Sabadell" of "Banco Sabadell": a name without its corporate word. */
const coreOf = memoized((name: string): string | null => {
  const words = name.split(/[\s-]+/);
  const core = words.filter((w) => !CORPORATE_WORDS.has(w.toLowerCase()));
  return core.length === 1 && core.length < words.length && core[0].length >= 3 ? core[0] : null;
});

function keep(kept: Map<string, FoundCompetitor>, c: FoundCompetitor): void {
  const key = c.name.toLowerCase();
  const same = kept.get(key);
  if (!same) kept.set(key, c);
  else kept.set(key, { ...(c.first < same.first ? c : same), forms: [...same.forms, ...c.forms] });
}

/** A model code ("GS16", "U3"): a digit among at most six letters and digits. */
const MODEL_CODE = /^(?=.*\d)(?=.*\p{L})[\p{L}\d-]{2,6}$/u;
/** A maker's model and a joint just before: "Палессе GS12 и ", "Yamaha U1 oder ". */
const MODEL_BEFORE =
  /\p{L}[\p{L}\d-]* (?=[\p{L}\d-]*\d)[\p{L}\d-]{1,8}\s*(?:,|\/|\s(?:и|или|und|oder|and|or|y|o))\s*$/iu;

/** "Палессе GS12 и GS16", "ein Yamaha U1 oder U3": a code after a model's is a sibling model. */
function isSiblingModel(name: string, text: string): boolean {
  if (name.length > 6 || !MODEL_CODE.test(name)) return false;
  let seen = false;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (/[\p{L}\d]/u.test(text.charAt(at + name.length))) continue;
    if (!MODEL_BEFORE.test(text.slice(Math.max(0, at - 40), at))) return false;
    seen = true;
  }
  return seen;
}
