/**
 * Advice steps: a list item that opens with an imperative ("**Compare** quotes on …", "Vergleichen
 * Sie Preise auf Booking.com, Expedia oder HRS", "Проверьте рейтинг на Банки.ру", "Consulta la
 * web de la OCU") tells the reader what to do, and the names in it are where or with what to do it:
 * sites, tools, registries, named in passing. They count only where the answer also weighs them
 * (a list of options, a table, a heading) or comes back to them.
 */

/** English advice verbs that open steps (the dictionary cannot tell "Compare" the verb from a noun). */
const EN_VERBS = new Set(
  `compare check use register turn connect ask book get avoid read look consider choose pick try make set
  install open call sign apply buy pay keep watch track review verify confirm contact visit search shop
  switch cancel download enable link add start plan save request negotiate claim see find go`.split(/\s+/),
);

/** Spanish imperatives of advice (tú and usted forms). */
const ES_VERBS = new Set(
  `compara compare consulta consulte revisa revise usa use pide pida reserva reserve elige elija calcula
  calcule comprueba compruebe activa active busca busque mira mire lee lea descarga descargue contrata
  contrate solicita solicite llama llame visita visite evita evite aprovecha aproveche guarda guarde`.split(
    /\s+/,
  ),
);

/** German: "Vergleichen Sie", "Nutzen Sie", and the du-form steps ("Prüfe", "Vergleiche", "Nutze"). */
const DE_SIE = /^\p{Lu}\p{Ll}+en\s+Sie\b/u;
const DE_DU = new Set(
  'prüfe vergleiche nutze achte buche frage lies wähle beachte kläre rechne suche schau melde kündige hole'.split(
    ' ',
  ),
);
/** Russian: "Сравните", "Проверьте", "Посмотрите". */
const RU_IMPERATIVE = /^[А-ЯЁ][а-яё]{2,}(?:ите|йте|ьте)(?![\p{L}])/u;

/** Whether a list item's content (after its marker) opens with an imperative. */
export function opensWithImperative(content: string): boolean {
  const c = content
    .trimStart()
    .replace(/^\d{1,3}[.)]\s+/, '')
    .replace(/^[*_]+/, '');
  if (RU_IMPERATIVE.test(c) || DE_SIE.test(c)) return true;
  const first = /^\p{L}+/u.exec(c)?.[0].toLowerCase() ?? '';
  return EN_VERBS.has(first) || ES_VERBS.has(first) || DE_DU.has(first);
}
