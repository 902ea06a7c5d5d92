/**
 * Names the brand works with, not against: "integrations with Okta, Microsoft Entra ID and Google
 * Workspace", "syncs your runs to Strava and TrainingPeaks", "owned by Kroger", "lead capture from
 * Zillow, Realtor.com", "Acepta Visa, Mastercard", "Deliveries go by FedEx or UPS", "модели Ormatek
 * Flex и Optima". A word of connection, ownership, sale, payment, delivery or models right before
 * an enumeration says its names are tools, owners, channels, payment methods, carriers or products:
 * mentioned in passing, counted only where the answer also weighs them (a list of alternatives, a
 * table, a heading).
 */

/** Such words in the four languages (each ends where a name may follow). */
const CUES = [
  'integrat(?:es|ed|ions?|ing)?(?: (?:directly|natively|seamlessly|tightly|easily|fully))? (?:with|into)',
  'connect(?:s|ed|ing|ors?)? (?:to|with)',
  'sync(?:s|ed|ing|hroni[sz]es)?',
  'works? (?:well )?with',
  'compatible with',
  'plugs? into',
  'imports? from',
  'exports? to',
  'capture from',
  'deploy(?:s|ed|ing)?',
  'unblocks?',
  'linked (?:to|with)',
  '(?:owned|founded|acquired|backed|run|operated) by',
  'sold (?:in|at|through|by)',
  // "You can buy The Ordinary at Sephora": the brand may stand between the verb and the shop.
  "buy(?:[ \\u00A0]+[\\p{L}\\p{N}'’.&-]+){0,3} (?:from|at|on)",
  'available (?:at|on|from|through|via)',
  'find (?:it|them|one) (?:at|on)',
  'stocked (?:at|by)',
  // "encontrar pienso y comida húmeda en Tiendanimal": the thing bought may stand between.
  'encontrar(?:l[oa]s?)?(?:[ \\u00A0]+\\p{Ll}+){0,4} en',
  'comprar(?:l[oa]s?)?(?:[ \\u00A0]+\\p{Ll}+){0,4} en',
  'disponibles? en',
  'se vende en',
  'a la venta en',
  'erhältlich (?:bei|über|im|in)',
  'kaufen (?:bei|über|im)',
  'купить(?:[ \\u00A0]+\\p{Ll}+){0,3} (?:в|на|через)',
  'прода(?:ю|ё|е)т(?:ся)? (?:в|на|через)',
  'продаёте\\*{0,2} (?:в|на|через)',
  'заказать (?:в|на|через)',
  'partners?(?: such as| like| including)?',
  'интеграци\\p{L}* с',
  'интегрир\\p{L}* с',
  'синхрониз\\p{L}* с',
  'подключ\\p{L}* к',
  'принадлеж\\p{L}*',
  'Integration\\p{L}* (?:mit|in|für)',
  'Integration\\p{L}* gibt es',
  'Schnittstellen? (?:zu|für|mit)',
  'integrations? (?:are available )?(?:for|with)',
  'integriert (?:mit|in)',
  'synchronisiert (?:mit|mit)',
  'verbindet sich mit',
  'gehört zu',
  'integraci\\p{L}* con',
  'se integra con',
  'sincroniza\\p{L}* con',
  'se conecta con',
  'propiedad de',
  'conecta\\p{L}* con',
  'модул\\p{L}* (?:для|под)',
  'плагин\\p{L}* (?:для|под)',
  'modules? for',
  'plugins? for',
  // Carriers that ship an order: "Deliveries go by FedEx or UPS", "el envío con Correos, Seur".
  'go(?:es)? by',
  'ship(?:s|ped)? (?:via|with|by)',
  'delivered by',
  'env[ií]os? (?:con|por|mediante)',
  'Versand (?:mit|per|über)',
  'доставк\\p{L}* (?:через|службой|службами)',
  // "хорошо работают с СберМаркетом и Okko", "melden sich oft über LinkedIn oder XING".
  'работа\\p{L}* с',
  'über',
  // "модели Ormatek Flex и Optima", "Modelle wie": a competitor's products, named with their maker.
  'модел\\p{L}*',
  'models?',
  'modelos?',
  'Modelle?',
  // What a payment service accepts, and how one pays: payment methods, not peers.
  'accept(?:s|ed|ing)?',
  'acepta\\p{L}*',
  'akzeptier\\p{L}*',
  'принима\\p{L}*',
  'per',
];

/** Up to three lowercase words between the cue and the names ("syncs workouts to your"). */
const FILLER = '(?:[ \\u00A0]+[\\p{Ll}][\\p{Ll}-]*){0,3}';
/** Names already enumerated before this one ("Zillow, ", "Okta, Microsoft Entra ID and ", "hh.ru, "). */
const EARLIER_ITEMS =
  "(?:(?:(?:[\\p{Lu}\\p{N}]|\\p{Ll}\\p{Lu})[\\p{L}\\p{N}.&'’+ -]{0,40}?|\\p{Ll}[\\p{L}\\p{N}-]*\\.\\p{Ll}{2,})(?:,[ \\u00A0]*|[ \\u00A0]+(?:and|or|und|oder|y|o|и|или)[ \\u00A0]+))*";
const AFTER_CUE = new RegExp(
  `(?<![\\p{L}-])(?:${CUES.join('|')})${FILLER}(?:[ \\u00A0]*[—–])?[ \\u00A0]+${EARLIER_ITEMS}[«"“„*]*$`,
  'iu',
);
/** Where a clause ends: the cue and its names stand within one. */
const CLAUSE_STOPS = new Set(['\n', '.', '!', '?', ';', ':', '(', ')']);

/** The clause before `at`, at most 160 characters (a backward scan: no regex tries every start). */
function clauseBefore(text: string, at: number): string {
  const limit = Math.max(0, at - 160);
  let from = at;
  // A dot inside a word ("hh.ru", "Booking.com") ends no clause.
  while (
    from > limit &&
    (!CLAUSE_STOPS.has(text[from - 1]) || /^\.\p{L}/u.test(text.slice(from - 1, from + 1)))
  )
    from--;
  return text.slice(from, at);
}
/** The cues' first letters as one cheap test: most clauses hold no cue, and skip AFTER_CUE. */
const ANY_CUE =
  /integ|conn|sync|work|compat|plug|port|captur|deploy|unblock|linked|by\b|sold|buy|partner|availab|find|stocked|encontrar|comprar|disponible|vende|venta|erhältlich|kaufen|купить|прода|заказать|интегр|синхр|подключ|принадл|schnittst|verbind|gehört|conecta|propiedad|модул|плагин|modul|accept|acepta|akzept|принима|per\b|model|модел|go(?:es)? by|ship|deliver|env[ií]o|versand|доставк|работа|über/iu;

/** Whether the name at `at` is one of an enumeration that a connection cue introduces. */
export function usedWith(text: string, at: number): boolean {
  const clause = clauseBefore(text, at);
  return clause.length > 3 && ANY_CUE.test(clause) && AFTER_CUE.test(clause);
}
