/**
 * What kind of thing an enumeration introduces: "insurers such as Farmers" names insurers,
 * "a price tracker such as CamelCamelCamel" a tool, "universidades como la UNAM" schools. The
 * names after a trigger are the brand's peers only when the noun before it is a word for any
 * company ("companies like", "Anbieter wie") or a word of the project's own trade (its activities
 * and brand names); after another noun they are things of another kind, mentioned in passing.
 */
import { memoized } from './memo';

/** Words for "a company, a service, an alternative" in the four languages, lowercase. */
const ANY_COMPANY = new Set(
  `company companies brand brands provider providers service services platform platforms app apps
  option options alternative alternatives competitor competitors player players rival rivals vendor
  vendors business businesses names solutions solution products product
  компания компании компаний компаниями бренд бренды брендов сервис сервисы сервисов сервисами
  платформа платформы платформ альтернатива альтернативы альтернатив конкурент конкуренты конкурентов
  игроки игроков решения решений приложения приложений варианты вариантов продукты продуктов
  anbieter anbietern unternehmen marke marken konzerne konkurrenten wettbewerber alternativen dienste
  plattformen apps lösungen firmen produkte
  empresa empresas compañía compañías marca marcas plataforma plataformas servicio servicios
  proveedor proveedores alternativa alternativas competidor competidores opciones aplicaciones
  entidades productos`.split(/\s+/),
);

/**
 * Makers, insurers, lenders and associations: "Wärmepumpen etablierter Hersteller wie Viessmann",
 * "insurers like Aetna", "la marca del inversor (Huawei, Fronius)", "Asociaciones de consumidores
 * como OCU". The names after them make, pay for or stand beside what the brand sells, unless the
 * brand itself is one of them (its activities say so).
 */
const SUPPLIER_NOUN =
  /^(?:hersteller\p{L}*|manufacturers?|makers?|производител\p{L}*|fabricantes?|marcas?|marke|marken|brands?|versicherer\p{L}*|krankenkasse\p{L}*|asociaci\p{L}+|associations?|verbände|verband|ассоциаци\p{L}*|insurers?|aseguradoras?|страхов\p{L}+|financieras?|lenders?)$/u;
const SUPPLIER_MAKER = /^(?:hersteller\p{L}*|manufacturers?|makers?|производител\p{L}*|fabricantes?)$/u;
const SUPPLIER_TRADE =
  /производ|изготов|manufactur|hersteller|herstellung|fabrica|страхов|insur|versicher|asegur|seguros|кредит|lend|financ|bank|банк|banco/;

function namesSuppliers(words: string[], trade: string): boolean {
  const supplier = words.findIndex((w) => SUPPLIER_NOUN.test(w));
  if (supplier < 0) return false;
  // "производители профиля" in a window maker's answer: makers of a part, not of what the brand makes.
  const made = words[supplier + 1];
  if (made && /^\p{L}{4,}$/u.test(made) && !isTradeWord(made, trade) && SUPPLIER_MAKER.test(words[supplier]))
    return true;
  if (SUPPLIER_TRADE.test(trade.toLowerCase())) return false;
  // "marcas blancas como Hacendado", "store brands like Great Value": a shop's own labels are peers.
  // ("marcas propias (Van Rysel, Triban)" of Decathlon are its products: no peers.)
  if (/^blancas?$/u.test(made ?? '') || words[supplier - 1] === 'store') return false;
  // "marca del inversor", "Marke des Geräts": a brand of a thing; "marcas como" alone is any company.
  return !/^(?:marcas?|marken?|brands?)$/u.test(words[supplier]) || supplier < words.length - 1;
}

/** Word endings, not roots: "Versicherungen" and "Leistungen" share "ngen" and no trade. */
const SUFFIX_TAIL = /^(?:ngen|ung|heit|keit|tion|ions|ment|ness|ción|ones|ния|ниям|ости|ений|ений)$/;

/**
 * Words too general to tell one trade from another: "payroll software" shares "software" with
 * "accounting software (Xero, QuickBooks)", not its trade.
 */
const GENERAL_TRADE_WORDS = new Set(
  `software system systems online digital small business businesses solutions services
  программа программы система системы онлайн сервис сервисы решения бизнеса
  lösungen unternehmen
  sistema sistemas soluciones negocios empresas`.split(/\s+/),
);

/** "en Madrid y Barcelona", "в Турцию, Египет": where the brand works, not what it does. */
const PLACES_SERVED =
  /(?:^|\s)(?:en|in|im|в|во)\s+\p{Lu}[\p{L}-]*(?:(?:,\s*|\s+(?:y|e|und|and|и)\s+)\p{Lu}[\p{L}-]*)*/gu;

/** The words a trade is recognised by: first five and last four letters of its longer words. */
function tradeStems(trade: string): string[] {
  const stems = new Set<string>();
  for (const word of trade
    .replace(PLACES_SERVED, ' ')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}]+/u)) {
    if (word.length < 5 || GENERAL_TRADE_WORDS.has(word)) continue;
    stems.add(word.slice(0, 5));
    const tail = word.slice(-4);
    if (word.length >= 7 && !SUFFIX_TAIL.test(tail)) stems.add(tail);
  }
  return [...stems];
}

/** The trade's stems, computed once per trade. */
const stemsOf = memoized(tradeStems, 500);

/** Whether a word names the project's trade ("Aseguradora" for "seguros de salud", "Застройщик"). */
export function isTradeWord(word: string, trade: string): boolean {
  const w = word.toLowerCase().replace(/ё/g, 'е');
  return w.length >= 4 && stemsOf(trade).some((s) => w.includes(s));
}

/**
 * Whether the trigger at `at` ("such as", "como", "вроде") follows a noun of another kind than
 * the project's trade (`trade`: its activities and brand names). Unknown when no word stands
 * before it in the clause (", e.g. X") or no trade is known: then it is not another kind.
 */
export function introducesOtherKind(text: string, at: number, trade: string): boolean {
  if (!trade.trim()) return false;
  const words = lastWordsBefore(text, at);
  if (!words.some((w) => /^\p{L}{4,}$/u.test(w))) return false;
  if (namesSuppliers(words, trade)) return true;
  if (words.some((w) => ANY_COMPANY.has(w))) return false;
  return !words.some((w) => isTradeWord(w, trade));
}

/** What ends a clause for `lastWordsBefore`. */
const CLAUSE_ENDS = new Set([...'\n.,;:!?()[]«»"—–-']);

/** The end of `s` after its last clause end (a backward scan: a `…*$` regex tries every start). */
function clauseTail(s: string): string {
  let from = s.length;
  while (from > 0 && !CLAUSE_ENDS.has(s[from - 1])) from--;
  return s.slice(from);
}

/** The last three words of the clause before `at`, lowercase. */
function lastWordsBefore(text: string, at: number): string[] {
  const before = text.slice(Math.max(0, at - 80), at);
  let clause = clauseTail(before);
  // "30+ locations worldwide, including X": the noun stands before the comma.
  if (!clause.trim() && /,\s*$/u.test(before)) clause = clauseTail(before.replace(/,\s*$/u, ''));
  return clause.toLowerCase().replace(/ё/g, 'е').split(/\s+/u).filter(Boolean).slice(-3);
}

/** "e.g." in the four languages, as an advice step writes it before its examples. */
const EXAMPLES_TRIGGER =
  /(?:^|[\s,(—–-])(?:например|к примеру|такие как|вроде|such as|e\.g\.|for example|like|z\.\s?b\.|zum beispiel|etwa|wie|por ejemplo|p\.\s?ej\.|como)[\s:,]/giu;

const PLACE_PREPOSITION = /^\s*(?:at|on|in|via|through|в|на|через|bei|auf|über|im|en|a través de)\s/iu;

/**
 * Whether the name at `at` is an example of the brand's own kind, written after "e.g." in its line:
 * "Выберите брокера с лицензией ЦБ — например, Т-Инвестиции", "Choose a provider such as X". An
 * advice step's names are the brand's peers then, not the sites it sends the reader to.
 */
export function exampleOfTrade(text: string, at: number, lineStart: number, trade: string): boolean {
  if (!trade.trim()) return false;
  const before = text.slice(Math.max(lineStart, at - 160), at);
  let trigger = -1;
  let after = '';
  EXAMPLES_TRIGGER.lastIndex = 0;
  for (let m = EXAMPLES_TRIGGER.exec(before); m; m = EXAMPLES_TRIGGER.exec(before)) {
    trigger = m.index;
    after = before.slice(m.index + m[0].length);
  }
  // "for example at Namecheap": where to do it, not who else does it.
  if (trigger < 0 || PLACE_PREPOSITION.test(after)) return false;
  const words = before
    .slice(0, trigger)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (words.some((w) => ANY_COMPANY.has(w))) return true;
  return words.some((w) => isTradeWord(w, trade));
}

/** "metros like New York, Chicago and Washington, DC", "города вроде Казани": places. */
const PLACE_NOUN =
  /^(?:cities|city|metros?|towns?|regions?|states|countries|neighbou?rhoods?|districts?|areas|города|городах|городов|регион\p{L}*|район\p{L}*|стран\p{L}*|städte\p{L}*|regionen|länder\p{L}*|bezirke\p{L}*|stadtteile\p{L}*|ciudades|regiones|países|barrios|zonas|provincias)$/u;

/** The names enumerated after a trigger so far: "Aetna and ", "Viessmann, Vaillant oder ". */
const AFTER_TRIGGER =
  /^[ \u00A0]*(?:[*_«"“„]*(?:[\p{Lu}\p{N}]|\p{Ll}\p{Lu})(?:[^\n.;:!?]|\.(?=\p{L})){0,60}?(?:,[ \u00A0]*|[ \u00A0]+(?:and|or|und|oder|y|o|и|или)[ \u00A0]+))*[«"“„*]*$/u;

/**
 * Whether the name at `at` is enumerated after "such as" / "wie" / "вроде" that follows a word for
 * makers, insurers, lenders or sites ("insurers like Aetna and Blue Cross", "Portale wie
 * Umzugsauktion.de oder Check24"): each name of the enumeration, not only the first, is then one
 * of them. (After other nouns only the first name is taken as their kind: "kibble like Purina"
 * may still name the brand's peers.)
 */
export function listedAfterThirdParties(text: string, at: number, trade: string): boolean {
  if (!trade.trim()) return false;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const from = Math.max(lineStart, at - 160);
  const before = text.slice(from, at);
  let trigger: RegExpExecArray | null = null;
  EXAMPLES_TRIGGER.lastIndex = 0;
  for (let m = EXAMPLES_TRIGGER.exec(before); m; m = EXAMPLES_TRIGGER.exec(before)) trigger = m;
  if (!trigger || !AFTER_TRIGGER.test(before.slice(trigger.index + trigger[0].length))) return false;
  const words = lastWordsBefore(text, from + trigger.index + 1);
  return (
    namesSuppliers(words, trade) ||
    words.some((w) => (CHANNEL_NOUN.test(w) || PLACE_NOUN.test(w)) && !isTradeWord(w, trade))
  );
}

/**
 * A preposition, then the names enumerated after it so far, each maybe after an article: "в
 * Анталье, Аланье и ", "en el Movistar Arena o el ", "на ЦИАН, Авито и ".
 */
function enumeratedAfter(prepositions: string, articles: string, joiners: string): RegExp {
  const article = `(?:(?:${articles})[ \\u00A0]+)?`;
  const separator = `(?:,[ \\u00A0]*|[ \\u00A0]+(?:${joiners})[ \\u00A0]+)`;
  return new RegExp(
    `(?:^|[\\s(])(?:${prepositions})[ \\u00A0]+${article}(?:[\\p{Lu}][\\p{L}\\p{N}.&'’ -]{0,40}?${separator}${article})*$`,
    'u',
  );
}
/** Places: "в Анталье, Аланье и Кемере", "en el Movistar Arena o el Metropolitano". */
const AFTER_PLACE_PREPOSITION = enumeratedAfter(
  'in|en|в|во|im',
  'the|el|la|los|las|der|dem',
  'and|or|und|oder|y|o|и|или',
);
/** Sites and platforms where something is done or sold: "on Zillow", "на ЦИАН", "auf Check24". */
const AFTER_SITE_PREPOSITION = enumeratedAfter('on|на|auf', 'the|der|dem', 'and|or|und|oder|и|или');
/** A trade that is itself a site, a platform or software: the others "on" which one works are its peers. */
const PLATFORM_TRADE =
  /платформ|маркетплейс|агрегатор|портал|сервис|приложени|интернет-магазин|онлайн|программ|platform|marketplace|aggregator|portal|app\b|apps\b|software|online|saas|cloud|site|plattform|plataforma|aplicaci|tienda en línea|web/iu;

/**
 * Whether the name at `at` is one of an enumeration after "in" / "en" / "в": "в Анталье, Аланье и
 * Кемере", "loading in Ho Chi Minh City or Hai Phong" name places and venues; or, for a brand that
 * is no platform itself, after "on" / "на" / "auf": "Объявления размещают на ЦИАН и Домклик" names
 * where an agency advertises. Weighed as peers only where the answer also lists them.
 */
export function listedAfterPlacePreposition(text: string, at: number, trade: string): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(Math.max(lineStart, at - 120), at);
  return (
    AFTER_PLACE_PREPOSITION.test(before) ||
    (!!trade.trim() && !PLATFORM_TRADE.test(trade) && AFTER_SITE_PREPOSITION.test(before))
  );
}

/**
 * Russian writes the goods before their maker: "линзы Essilor и Hoya", "кроссовки Nike и Adidas",
 * "клея Ceresit, Knauf и Litokol". For a shop or a chain, a lowercase noun of goods (not a word for
 * a company: "сеть Декатлон", "банк Тинькофф") right before an enumeration of names says they
 * make what it sells, not that they compete with it.
 */
const SELLER = /магазин|сет[ьи](?!\p{L})|гипермаркет|салон|ритейл|продаж/u;
const AFTER_RUSSIAN_NOUN =
  /(?:^|[\s(«"])([а-яё]{4,})[ \u00A0]+(?:[«"]?[\p{Lu}\p{N}][\p{L}\p{N}.&'’+ -]{0,30}?[»"]?(?:,[ \u00A0]*|[ \u00A0]+(?:и|или)[ \u00A0]+))*[«"]?$/u;
/** Plural and genitive noun endings ("линзы", "кроссовки", "клея"), not adjectives or verbs. */
const GOODS_NOUN_SHAPE = /(?:[ыиая]|ов|ей)$/u;
const NOT_A_NOUN = /(?:ые|ие|ая|яя|ли|ла|ся|сь|ть|ет|ит|ют|ут|ат|ят|ого|ему|ому)$/u;
const COMPANY_KIND_RU =
  /^(?:магазин|сет|банк|сервис|компани|оператор|платформ|приложени|бренд|агентств|клиник|школ|фирм|производител|бирж|маркетплейс|ритейлер|агрегатор|провайдер|перевозчик|туроператор|застройщик|брокер|страхов|конкурент|альтернатив|сайт|проект|студи|салон|центр|аптек|гипермаркет|супермаркет|ресторан|служб|курьер|издательств|лаборатори|маркет|торгов|систем|программ|решени|групп|холдинг|концерн|завод|фабрик)/u;

export function namedAfterGoodsNoun(text: string, at: number, trade: string): boolean {
  if (!SELLER.test(trade.toLowerCase())) return false;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const noun = AFTER_RUSSIAN_NOUN.exec(text.slice(Math.max(lineStart, at - 120), at))?.[1];
  return (
    !!noun &&
    GOODS_NOUN_SHAPE.test(noun) &&
    !NOT_A_NOUN.test(noun) &&
    !COMPANY_KIND_RU.test(noun.replace(/ё/g, 'е'))
  );
}

/** An opening parenthesis and the names enumerated after it so far: "(PostgreSQL, MySQL, ". */
const IN_PARENTHESES =
  /^\((?:[\p{Lu}\p{N}][^()\n]{0,60}?(?:,[ \u00A0]*|[ \u00A0]+(?:and|or|und|oder|y|o|и|или)[ \u00A0]+))*[«"“„*]*$/u;

/**
 * Whether the name at `at` is enumerated in parentheses after a noun of another kind than the
 * trade: "Managed Databases (PostgreSQL, MySQL, Valkey)", "new features (App Router, ISR)" name
 * the things the noun holds, not the brand's peers.
 */
export function listedAfterOtherKind(text: string, at: number, trade: string): boolean {
  const before = text.slice(Math.max(0, at - 160), at);
  const open = before.lastIndexOf('(');
  if (open < 0 || before.indexOf(')', open) >= 0) return false;
  const m = IN_PARENTHESES.exec(before.slice(open));
  if (!m) return false;
  const close = text.indexOf(')', at);
  // Only names inside: "(Capital One and Citi have no such rule)" is a remark, not a list.
  const from = at - before.length + open;
  if (close < 0 || close - from > 240) return false;
  const onlyNames = text
    .slice(from + 1, close)
    .split(/,\s*|\s+(?:and|or|und|oder|y|o|и|или)\s+/u)
    .every((part) => !/(?:^|\s)\p{Ll}{4,}/u.test(part));
  return onlyNames && introducesOtherKind(text, from, trade);
}

/** A colon or dash that opens an enumeration, and the names enumerated after it so far. */
const AFTER_LEAD_IN =
  /^(?::|\s[—–])[ \u00A0]+(?:[\p{Lu}\p{N}][^\n:—–]{0,60}?(?:,[ \u00A0]*|[ \u00A0]+(?:and|or|und|oder|y|o|и|или)[ \u00A0]+))*[«"“„*]*$/u;

/**
 * Whether the name at `at` is enumerated after a lead-in that names another kind of thing than
 * the trade: "много интеграций: 1С, МойСклад", "операторами ЭДО — Диадок, СБИС", "Zahlung per
 * Kreditkarte oder PayPal"… The words before the colon or dash say what the names are.
 */
export function listedAfterLeadIn(text: string, at: number, trade: string, germanNouns: boolean): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(Math.max(lineStart, at - 160), at);
  // The last colon or dash on the line before the name (most names have none).
  const cut = Math.max(before.lastIndexOf(':'), before.lastIndexOf('—') - 1, before.lastIndexOf('–') - 1);
  if (cut < 0 || !AFTER_LEAD_IN.test(before.slice(cut))) return false;
  const opener = at - before.length + cut;
  // German writes the noun a lead-in ends with capitalised: "Vergleichen lohnt sich trotzdem:"
  // introduces no kind of thing.
  const last = /(\p{L}+)\P{L}*$/u.exec(text.slice(Math.max(0, opener - 40), opener))?.[1] ?? '';
  if (germanNouns && !/^\p{Lu}/u.test(last)) return false;
  return introducesOtherKind(text, opener, trade);
}

/**
 * Nouns for a site or channel, not a seller: written right before a name ("Агрегатор **Мегаптека**",
 * "the comparison site Quotezone", "el comparador Rastreator") they say what the name is.
 */
const CHANNEL_NOUN =
  /^(?:агрегатор\p{L}*|маркетплейс\p{L}*|портал\p{L}*|реестр\p{L}*|aggregators?|marketplaces?|portal(?:s|e|en)?|registry|vergleichsportal\p{L}*|marktpl(?:atz|ätze)|plattform|agregador\p{L}*|comparador\p{L}*|buscador\p{L}*)$/iu;
const WORD_BEFORE = /(\p{L}+)[ \u00A0]+[«"“„*]*$/u;

/** What every channel noun holds: the cheap test before the regex. */
const CHANNEL_CUE =
  /агрег|маркет|портал|реестр|aggreg|market|marktpl|portal|registr|plattform|agregad|compara|buscad/i;

/** Whether a channel noun of another trade stands right before the name at `at`. */
export function namedAfterChannelNoun(text: string, at: number, trade: string): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  if (!CHANNEL_CUE.test(before)) return false;
  const word = WORD_BEFORE.exec(before)?.[1];
  if (!word || !CHANNEL_NOUN.test(word)) return false;
  return !isTradeWord(word, trade);
}

/**
 * A list item that opens with a bold label ("- **Beschläge:** Marken wie Blum, Hettich und Grass",
 * "- **Encimera:** Silestone o Dekton", "- **Siegel:** NATRUE, COSMOS oder BDIH") pairs an
 * attribute with its values: the names after a label that is an ordinary noun of another kind than
 * the trade are parts, materials or seals, not the brand's peers. Labels that introduce peers
 * (alternatives, a use case "für Einsteiger", a price band, a verdict) do not count.
 */
const ITEM_LABEL = /^[ \t]*(?:\*\*|__)([^*_\n:]{2,40}?)(?::(?:\*\*|__)|(?:\*\*|__):)[ \t]/u;
const PEER_LABEL =
  /alternativ|option|opci|вариант|альтернатив|конкурент|competi|konkurren|wettbewerb|best|für|for|para|для|budget|бюджет|premium|preis|price|precio|цен|cost|kost|coste|стоим|günstig|cheap|barat|дешев|beginner|einsteig|principiant|новичк|empfehl|recommend|recomend|рекоменд|pick|wahl|elecci|выбор|tipp|tip|consejo|совет|fazit|conclus|итог|вывод|bottom|winner|sieger|ganador|лидер|leader/iu;

export function listedUnderItemLabel(
  text: string,
  at: number,
  contentStart: number,
  trade: string,
  isOrdinaryWord: (word: string) => boolean,
): boolean {
  const label = ITEM_LABEL.exec(text.slice(contentStart, Math.min(at, contentStart + 60)));
  if (!label || contentStart + label[0].length > at || PEER_LABEL.test(label[1])) return false;
  const words = label[1].split(/[\s/-]+/u).filter(Boolean);
  return words.every((w) => isOrdinaryWord(w) && !isTradeWord(w, trade) && !holdsTradeWord(w, trade));
}

/** The trade's four-letter words ("bank", "café"), which `tradeStems` leaves out; once per trade. */
const shortTradeWords = memoized(
  (trade: string) =>
    trade
      .toLowerCase()
      .replace(/ё/g, 'е')
      .split(/[^\p{L}]+/u)
      .filter((t) => t.length === 4),
  500,
);

/** Whether a word holds a short word of the trade ("Direktbanken" for a "Regionale Bank"). */
function holdsTradeWord(word: string, trade: string): boolean {
  const w = word.toLowerCase().replace(/ё/g, 'е');
  return shortTradeWords(trade).some((t) => w.includes(t));
}
