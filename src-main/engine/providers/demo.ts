import type { AskSubject, Provider } from './types';

/**
 * The offline demo networks (decisions.md §3): synthetic answers, deterministic for a given
 * prompt, brand, day and network, so the whole pipeline runs with no keys and no network. They
 * never pose as real AI systems (the catalogue calls them "offline, synthetic").
 *
 * Each demo network has its own style, shaped like real assistants' answers: `demo` writes
 * numbered lists and tables, `demo-search` writes sections with headings and cites many sources
 * (as a web-search assistant does), `demo-chat` writes bullets and prose with no sources. They
 * name the brand with different likelihoods, so their figures differ; any other network on the
 * `demo` provider gets a style picked from its name.
 */
export const askDemo: Provider = async (prompt, options) => {
  const subject = options.subject ?? {
    brand: 'Brand',
    domain: '',
    activities: '',
    language: 'en',
    day: '2026-01-01',
    network: 'demo',
  };
  return writeDemoAnswer(prompt, subject);
};

/** Shifts for sample data, so its weekly updates tell a story. */
export interface DemoTilt {
  /** Added to the network's chance of naming the brand (−1…1). */
  brandChance?: number;
  /** Added to the chance that the brand is described positively. */
  positivity?: number;
  /** Competitors that join the usual ones (a newcomer on the market). */
  newcomers?: string[];
}

type Layout = 'numbered' | 'table' | 'headings' | 'bullets' | 'prose';

interface Style {
  brandChance: number;
  layouts: Layout[];
  /** How many sources it cites: [min, max]; 0 for an assistant without web search. */
  citations: [number, number];
  /** Chance that the project's own site is among the sources when the brand is named. */
  selfCite: number;
}

const STYLES: Record<string, Style> = {
  demo: { brandChance: 0.55, layouts: ['numbered', 'numbered', 'table'], citations: [2, 4], selfCite: 0.4 },
  'demo-search': { brandChance: 0.7, layouts: ['headings', 'numbered'], citations: [4, 6], selfCite: 0.6 },
  'demo-chat': { brandChance: 0.35, layouts: ['bullets', 'prose', 'table'], citations: [0, 0], selfCite: 0 },
};
const STYLE_NAMES = Object.keys(STYLES);

export function writeDemoAnswer(prompt: string, s: AskSubject, tilt: DemoTilt = {}) {
  const rand = rng(`${s.network}|${s.day}|${s.brand}|${prompt}`);
  const style = STYLES[s.network] ?? STYLES[STYLE_NAMES[hash(s.network) % STYLE_NAMES.length]];
  const words = phrases(s.language);
  const pool = [...(tilt.newcomers ?? []), ...competitorPool(s.activities, s.brand)];
  let rivals = shuffle(pool, rand).slice(0, 3 + Math.floor(rand() * 3));
  // A newcomer that is talked about shows up in most answers, high in the list.
  for (const newcomer of tilt.newcomers ?? [])
    if (!rivals.includes(newcomer) && rand() < 0.6) rivals = [newcomer, ...rivals.slice(0, -1)];
  const namesBrand = rand() < style.brandChance + (tilt.brandChance ?? 0);
  const names = [...rivals];
  if (namesBrand) names.splice(Math.floor(rand() * (names.length + 1)), 0, s.brand);
  const toneRoll = rand() - (tilt.positivity ?? 0);
  const tone = toneRoll < 0.55 ? 'positive' : toneRoll < 0.85 ? 'neutral' : 'negative';
  const topic = prompt.replace(/[?.!]+$/, '');

  const describe = (name: string) =>
    name === s.brand ? pick(words.brand[tone], rand) : pick(words.rival, rand);

  const layout = pick(style.layouts, rand);
  let body: string;
  switch (layout) {
    case 'numbered':
      body = names.map((n, i) => `${i + 1}. **${n}** — ${describe(n)}`).join('\n');
      break;
    case 'headings':
      body = names.map((n, i) => `### ${i + 1}. ${n}\n\n${capital(describe(n))}`).join('\n\n');
      break;
    case 'bullets':
      body = names.map((n) => `- **${n}**: ${describe(n)}`).join('\n');
      break;
    case 'table':
      body = [
        `| ${words.table.join(' | ')} |`,
        '|---|---|---|',
        ...names.map(
          (n) => `| **${n}** | ${capital(describe(n)).replace(/\.$/, '')} | ${pick(words.price, rand)} |`,
        ),
      ].join('\n');
      break;
    case 'prose':
      // One paragraph per name, the name in bold as the sentence's subject: how chat assistants
      // write when they do not make a list.
      // An opener before the second and the last paragraph only, as a person would vary it.
      body = names
        .map((n, i) => {
          const opener = i === 1 ? words.next[0] : i > 1 && i === names.length - 1 ? words.next[1] : '';
          return `${opener ? opener + ' ' : ''}**${n}** ${words.is} ${describe(n)}`;
        })
        .join('\n\n');
      break;
  }

  const [min, max] = style.citations;
  const sources = max ? shuffle(SOURCE_SITES, rand).slice(0, min + Math.floor(rand() * (max - min + 1))) : [];
  const urls = sources.map((site) => `https://${site}/${slug(topic, rand)}`);
  if (namesBrand && s.domain && max && rand() < style.selfCite)
    urls.splice(Math.floor(rand() * (urls.length + 1)), 0, `https://${s.domain}/`);
  const inline = sources.length && rand() < 0.4 ? `\n\n${words.more} [${sources[0]}](${urls[0]}).` : '';

  const text = `${words.intro.replace('{q}', topic)}\n\n${body}\n\n${pick(words.outro, rand)}${inline}`;
  const citations = urls.map((url) => ({ url }));
  return {
    text,
    citations,
    raw: { demo: true, network: s.network, day: s.day, citations: urls, named: names },
  };
}

const SOURCE_SITES = [
  'en.wikipedia.org',
  'www.reddit.com',
  'www.forbes.com',
  'www.trustpilot.com',
  'www.g2.com',
  'habr.com',
  'vc.ru',
  'www.youtube.com',
  'medium.com',
  'www.capterra.com',
  'otzovik.com',
  'www.techradar.com',
];

/** Competitor names by activity keyword; anything else gets invented but stable names. */
const POOLS: Array<[RegExp, string[]]> = [
  [
    /crm|sales|продаж|vertrieb|ventas/i,
    ['Salesforce', 'HubSpot', 'Pipedrive', 'Zoho CRM', 'Bitrix24', 'amoCRM', 'Freshsales'],
  ],
  [/coffee|кофе|café|kaffee/i, ['Starbucks', 'Costa Coffee', 'Lavazza', 'Illy', 'Tim Hortons', 'Cofix']],
  [/bank|банк|finan/i, ['Revolut', 'N26', 'Monzo', 'Wise', 'ING', 'Tinkoff', 'Sber']],
  [/school|course|обуч|курс|learn|educa/i, ['Coursera', 'Udemy', 'Skillbox', 'Netology', 'edX', 'Skyeng']],
  [/host|cloud|server|хостинг/i, ['DigitalOcean', 'Hetzner', 'AWS', 'Vultr', 'Linode', 'Timeweb']],
  [/travel|hotel|tour|путеш|отел/i, ['Booking.com', 'Expedia', 'Airbnb', 'Ostrovok', 'Trip.com', 'Agoda']],
  [/shoe|cloth|fashion|одеж|обув|mode|ropa/i, ['Nike', 'Adidas', 'Zara', 'H&M', 'Uniqlo', 'Lamoda']],
  [/analytic|seo|marketing|маркет/i, ['Semrush', 'Ahrefs', 'Similarweb', 'Moz', 'Serpstat', 'SE Ranking']],
];

function competitorPool(activities: string, brand: string): string[] {
  for (const [pattern, names] of POOLS) if (pattern.test(activities)) return names.filter((n) => n !== brand);
  const rand = rng(`pool|${activities}`);
  const a = ['Nord', 'Bright', 'Clear', 'Blue', 'Swift', 'Prime', 'True', 'Alpha', 'Green', 'Nova'];
  const b = ['line', 'wave', 'point', 'stack', 'field', 'works', 'hub', 'path', 'gate', 'mark'];
  const names = new Set<string>();
  while (names.size < 7) names.add(pick(a, rand) + pick(b, rand));
  return [...names].filter((n) => n.toLowerCase() !== brand.toLowerCase());
}

interface Phrases {
  intro: string;
  /** Descriptions that follow a name ("**X** — …", "**X** is …"). */
  brand: Record<'positive' | 'neutral' | 'negative', string[]>;
  rival: string[];
  /** The verb joining a name and its description in prose. */
  is: string;
  /** Openers of the second and later prose paragraphs. */
  next: string[];
  table: string[];
  price: string[];
  outro: string[];
  more: string;
}

const EN: Phrases = {
  intro: 'Here are the options worth considering for "{q}":',
  brand: {
    positive: [
      'an excellent choice: reliable, well reviewed and easy to start with.',
      'stands out for great support and a clear, fair price.',
      'highly recommended by users for quality and convenience.',
    ],
    neutral: [
      'a well-known option with a standard set of features.',
      'offers the usual plans; compare terms.',
    ],
    negative: [
      'often criticised for slow support and hidden fees.',
      'users report problems with reliability; check reviews first.',
    ],
  },
  rival: [
    'a popular alternative with a broad offer.',
    'a solid option with many integrations.',
    'known for low prices and a quick start.',
    'strong in automation, though the setup takes time.',
  ],
  is: 'is',
  next: ['Another option:', 'Also worth a look:', 'Alternatively,'],
  table: ['Service', 'Best for', 'Starting price'],
  price: ['$', '$$', '$$$', 'free tier'],
  outro: [
    'The best choice depends on your budget and needs.',
    'Compare a few options before deciding.',
    'Read recent reviews: offers change often.',
  ],
  more: 'More details:',
};

const RU: Phrases = {
  intro: 'Вот варианты, которые стоит рассмотреть по запросу «{q}»:',
  brand: {
    positive: [
      'отличный выбор: надёжно, хорошие отзывы, удобно начать.',
      'выделяется качественной поддержкой и честной ценой.',
    ],
    neutral: [
      'известный вариант со стандартным набором функций.',
      'предлагает обычные тарифы; сравните условия.',
    ],
    negative: [
      'часто критикуют за медленную поддержку и скрытые платежи.',
      'пользователи жалуются на сбои; сначала изучите отзывы.',
    ],
  },
  rival: [
    'популярная альтернатива с широким предложением.',
    'надёжный вариант с множеством интеграций.',
    'известен низкими ценами и быстрым стартом.',
  ],
  is: '—',
  next: ['Ещё вариант:', 'Также стоит посмотреть:'],
  table: ['Сервис', 'Кому подойдёт', 'Цена от'],
  price: ['₽', '₽₽', '₽₽₽', 'бесплатный тариф'],
  outro: ['Лучший выбор зависит от бюджета и задач.', 'Сравните несколько вариантов перед решением.'],
  more: 'Подробнее:',
};

const DE: Phrases = {
  intro: 'Diese Optionen lohnen sich für „{q}“:',
  brand: {
    positive: [
      'eine ausgezeichnete Wahl: zuverlässig und gut bewertet.',
      'überzeugt mit gutem Support und fairen Preisen.',
    ],
    neutral: [
      'ein bekannter Anbieter mit Standardfunktionen.',
      'bietet die üblichen Tarife; Konditionen vergleichen.',
    ],
    negative: [
      'wird oft wegen langsamem Support und versteckter Kosten kritisiert.',
      'Nutzer berichten von Problemen mit der Zuverlässigkeit.',
    ],
  },
  rival: [
    'eine beliebte Alternative mit breitem Angebot.',
    'eine solide Option mit vielen Integrationen.',
    'bekannt für niedrige Preise und einen schnellen Start.',
  ],
  is: 'ist',
  next: ['Eine weitere Option:', 'Ebenfalls einen Blick wert:'],
  table: ['Anbieter', 'Geeignet für', 'Preis ab'],
  price: ['€', '€€', '€€€', 'kostenlos'],
  outro: ['Die beste Wahl hängt von Budget und Bedarf ab.', 'Vergleichen Sie mehrere Angebote.'],
  more: 'Mehr dazu:',
};

const ES: Phrases = {
  intro: 'Estas son las opciones a considerar para «{q}»:',
  brand: {
    positive: [
      'una excelente opción: fiable y con muy buenas reseñas.',
      'destaca por su buen soporte y precio justo.',
    ],
    neutral: [
      'una opción conocida con funciones estándar.',
      'ofrece los planes habituales; compare condiciones.',
    ],
    negative: [
      'a menudo criticada por su soporte lento y costes ocultos.',
      'los usuarios reportan problemas de fiabilidad.',
    ],
  },
  rival: [
    'una alternativa popular con una amplia oferta.',
    'una opción sólida con muchas integraciones.',
    'conocida por sus precios bajos y un inicio rápido.',
  ],
  is: 'es',
  next: ['Otra opción:', 'También vale la pena:'],
  table: ['Servicio', 'Ideal para', 'Precio desde'],
  price: ['€', '€€', '€€€', 'plan gratuito'],
  outro: ['La mejor opción depende de su presupuesto.', 'Compare varias opciones antes de decidir.'],
  more: 'Más información:',
};

const phrases = (language: string): Phrases => ({ ru: RU, de: DE, es: ES })[language] ?? EN;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function slug(text: string, rand: () => number): string {
  const base = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'article'}-${Math.floor(rand() * 9000 + 1000)}`;
}

function hash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** FNV-1a seeded mulberry32: the same seed always gives the same answer. */
function rng(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: T[], rand: () => number): T => items[Math.floor(rand() * items.length)];

function shuffle<T>(items: T[], rand: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
