import type { ProjectLanguage } from '../../../../src-shared/enums';

/**
 * Offline proposal templates (decisions.md §6), one set per language. Placeholders:
 * `{a}` the activity as typed, `{A}` the same at the start of a sentence, `{r}` the region as
 * " in <place>" (or nothing), `{b}` the brand, `{alt}` an alternative brand name, `{d}` the site.
 *
 * The activity is a free noun phrase ("доставка цветов", "online English courses",
 * "Blumenlieferung"), singular or plural, so no template inflects it or makes a verb agree
 * with it: Russian quotes it after "в сфере «…»" or opens the sentence with it, English and
 * German put it after a preposition ("for", "für"), Spanish after "de". Only the `brand` and
 * `comparison` groups name the brand, so the other groups measure unprompted visibility.
 */
export interface TemplateSet {
  category: string[];
  problem: string[];
  comparison: string[];
  commercial: string[];
  brand: string[];
  reviews: string[];
  /** Templates asked again for each further activity (indexes into the groups above). */
  perExtraActivity: Array<[Exclude<keyof TemplateSet, 'perExtraActivity'>, number]>;
}

const perExtraActivity: TemplateSet['perExtraActivity'] = [
  ['category', 0],
  ['category', 1],
  ['commercial', 0],
  ['problem', 1],
];

export const TEMPLATES: Record<ProjectLanguage, TemplateSet> = {
  ru: {
    category: [
      'Какие компании{r} лучшие в сфере «{a}»?',
      'Посоветуй надёжные компании в сфере «{a}»{r}',
      '{A}{r}: рейтинг лучших компаний и сервисов',
      'Кто сейчас лидеры рынка в сфере «{a}»{r}?',
      '{A}: кого выбрать{r}, если важны качество и сроки?',
    ],
    problem: [
      'Как выбрать хорошего исполнителя в сфере «{a}» и не переплатить?',
      'На что обратить внимание при выборе компании в сфере «{a}»?',
      'Какие ошибки чаще всего допускают, когда ищут компанию в сфере «{a}»?',
      'Крупная компания или частный специалист: к кому лучше обратиться в сфере «{a}»?',
      'Какие вопросы задать компании в сфере «{a}» перед тем, как заключить договор?',
    ],
    comparison: [
      'С кем конкурирует {b} в сфере «{a}»?',
      'Чем {b} отличается от конкурентов?',
      'Какие есть альтернативы компании {b}{r}?',
      '{b} или другие компании в сфере «{a}»: что выбрать?',
    ],
    commercial: [
      '{A}{r}: сколько это стоит и от чего зависит цена?',
      'Где{r} найти лучшее предложение в сфере «{a}» по соотношению цены и качества?',
      'Есть ли сейчас скидки и акции у компаний в сфере «{a}»{r}?',
      'Какие цены{r} сейчас в сфере «{a}» и как не переплатить?',
    ],
    brand: [
      'Что за компания {b} и чем она занимается?',
      '{b}: стоит ли обращаться, какие плюсы и минусы?',
      'Надёжна ли компания {b}?',
      'Что клиенты пишут в отзывах о компании {b}?',
      'Можно ли доверять сайту {d}?',
      '{b} и {alt} — это одна и та же компания?',
    ],
    reviews: [
      'Каким компаниям в сфере «{a}»{r} больше всего доверяют клиенты?',
      'Где почитать честные отзывы о компаниях в сфере «{a}»?',
      'Как проверить надёжность компании в сфере «{a}» перед заказом?',
      'У каких компаний в сфере «{a}» лучшие отзывы{r}?',
    ],
    perExtraActivity,
  },
  en: {
    category: [
      'Who are the leading providers of {a}{r}?',
      'Can you recommend a reliable company for {a}{r}?',
      'Top-rated options for {a}{r} right now',
      'Which companies are considered the best in {a}{r}?',
      '{A}{r}: who should I choose if quality matters most?',
    ],
    problem: [
      'How do I choose a good provider for {a} without overpaying?',
      'What should I look for when choosing a company for {a}?',
      'What mistakes do people often make when choosing a company for {a}?',
      'Is it better to go with a large company or an independent specialist for {a}?',
      'What questions should I ask before hiring a company for {a}?',
    ],
    comparison: [
      "Who are {b}'s main competitors in {a}?",
      'How does {b} compare to other companies offering {a}?',
      'What are the best alternatives to {b}{r}?',
      '{b} or its competitors: which is the better choice for {a}?',
    ],
    commercial: [
      'What is the typical price range for {a}{r}?',
      'Where can I get the best value for money on {a}{r}?',
      'Are there any discounts or deals on {a}{r} right now?',
      'What drives the price of {a}, and how can I avoid overpaying?',
    ],
    brand: [
      'What is {b} and what does the company offer?',
      'Is {b} a reliable company?',
      'What are the pros and cons of {b}?',
      'What do customers say about {b}?',
      'Is {d} a trustworthy website?',
      'Are {b} and {alt} the same company?',
    ],
    reviews: [
      'Which companies offering {a}{r} have the best customer reviews?',
      'Where can I find honest reviews of companies that offer {a}?',
      'How can I check whether a company offering {a} is trustworthy?',
      'Which providers of {a} do customers trust the most{r}?',
    ],
    perExtraActivity,
  },
  de: {
    category: [
      'Welche Anbieter für {a} sind{r} die besten?',
      'Kannst du mir einen zuverlässigen Anbieter für {a}{r} empfehlen?',
      'Wer sind die führenden Unternehmen im Bereich {a}{r}?',
      'Die besten Anbieter für {a}{r} im Vergleich',
      '{A}{r}: Welcher Anbieter ist empfehlenswert, wenn Qualität zählt?',
    ],
    problem: [
      'Wie finde ich einen guten Anbieter für {a}, ohne zu viel zu bezahlen?',
      'Worauf sollte man bei der Auswahl eines Anbieters für {a} achten?',
      'Welche Fehler machen viele bei der Wahl eines Anbieters für {a}?',
      'Großes Unternehmen oder kleiner Anbieter: Wer ist für {a} die bessere Wahl?',
      'Welche Fragen sollte ich einem Anbieter für {a} vor der Beauftragung stellen?',
    ],
    comparison: [
      'Wer sind die wichtigsten Wettbewerber von {b} im Bereich {a}?',
      'Wie schneidet {b} im Vergleich zu anderen Anbietern für {a} ab?',
      'Welche Alternativen zu {b} gibt es{r}?',
      '{b} oder die Konkurrenz: Was ist für {a} die bessere Wahl?',
    ],
    commercial: [
      'Mit welchen Kosten muss man für {a}{r} rechnen?',
      'Wo bekomme ich{r} das beste Preis-Leistungs-Verhältnis für {a}?',
      'Gibt es aktuell Rabatte oder Angebote für {a}{r}?',
      'Wovon hängt der Preis für {a} ab, und wie vermeide ich zu hohe Kosten?',
    ],
    brand: [
      'Was ist {b} und was bietet das Unternehmen an?',
      'Ist {b} ein seriöses Unternehmen?',
      'Welche Vor- und Nachteile hat {b}?',
      'Was sagen Kunden über {b}?',
      'Ist die Website {d} vertrauenswürdig?',
      'Sind {b} und {alt} dasselbe Unternehmen?',
    ],
    reviews: [
      'Welche Anbieter für {a}{r} haben die besten Kundenbewertungen?',
      'Wo finde ich ehrliche Erfahrungsberichte zu Anbietern für {a}?',
      'Wie erkenne ich, ob ein Anbieter für {a} seriös ist?',
      'Welchen Anbietern für {a} vertrauen Kunden{r} am meisten?',
    ],
    perExtraActivity,
  },
  es: {
    category: [
      '¿Cuáles son las mejores empresas de {a}{r}?',
      '¿Me recomiendas una empresa fiable de {a}{r}?',
      '¿Quiénes son los líderes del sector de {a}{r}?',
      'Las mejores opciones de {a}{r}: ¿cuál elegir?',
      '{A}{r}: ¿qué empresa elegir si lo más importante es la calidad?',
    ],
    problem: [
      '¿Cómo elegir una buena empresa de {a} sin pagar de más?',
      '¿En qué fijarse al elegir una empresa de {a}?',
      '¿Cuáles son los errores más comunes al buscar una empresa de {a}?',
      '¿Es mejor una gran empresa o un profesional independiente para {a}?',
      '¿Qué preguntas hacer antes de contratar una empresa de {a}?',
    ],
    comparison: [
      '¿Quiénes son los principales competidores de {b} en {a}?',
      '¿Cómo se compara {b} con otras empresas de {a}?',
      '¿Qué alternativas a {b} hay{r}?',
      '¿{b} o la competencia: qué conviene más para {a}?',
    ],
    commercial: [
      '¿Cuál es el rango de precios habitual de {a}{r}?',
      '¿Dónde encontrar la mejor relación calidad-precio en {a}{r}?',
      '¿Hay descuentos u ofertas de {a}{r} ahora mismo?',
      '¿De qué depende el precio de {a} y cómo evitar pagar de más?',
    ],
    brand: [
      '¿Qué es {b} y qué ofrece la empresa?',
      '¿Es {b} una empresa fiable?',
      '¿Cuáles son las ventajas y desventajas de {b}?',
      '¿Qué opinan los clientes de {b}?',
      '¿Es fiable el sitio web {d}?',
      '¿{b} y {alt} son la misma empresa?',
    ],
    reviews: [
      '¿Qué empresas de {a}{r} tienen las mejores opiniones de clientes?',
      '¿Dónde leer opiniones sinceras sobre empresas de {a}?',
      '¿Cómo saber si una empresa de {a} es de confianza?',
      '¿En qué empresas de {a} confían más los clientes{r}?',
    ],
    perExtraActivity,
  },
};

/**
 * Region codes (the Yandex region tree the spec's default 225 comes from) with the phrase each
 * language puts after a noun. An unknown code adds no place to the prompts.
 */
export const REGION_PHRASES: Record<number, Record<ProjectLanguage, string>> = {
  225: { ru: 'в России', en: 'in Russia', de: 'in Russland', es: 'en Rusia' },
  213: { ru: 'в Москве', en: 'in Moscow', de: 'in Moskau', es: 'en Moscú' },
  2: {
    ru: 'в Санкт-Петербурге',
    en: 'in Saint Petersburg',
    de: 'in Sankt Petersburg',
    es: 'en San Petersburgo',
  },
  149: { ru: 'в Беларуси', en: 'in Belarus', de: 'in Belarus', es: 'en Bielorrusia' },
  159: { ru: 'в Казахстане', en: 'in Kazakhstan', de: 'in Kasachstan', es: 'en Kazajistán' },
  187: { ru: 'в Украине', en: 'in Ukraine', de: 'in der Ukraine', es: 'en Ucrania' },
  84: { ru: 'в США', en: 'in the US', de: 'in den USA', es: 'en Estados Unidos' },
  102: { ru: 'в Великобритании', en: 'in the UK', de: 'in Großbritannien', es: 'en el Reino Unido' },
  96: { ru: 'в Германии', en: 'in Germany', de: 'in Deutschland', es: 'en Alemania' },
  204: { ru: 'в Испании', en: 'in Spain', de: 'in Spanien', es: 'en España' },
};
