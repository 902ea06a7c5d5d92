/**
 * Source types (decisions.md §7) and the shipped dictionary of well-known domains. A domain in
 * the dictionary (or a subdomain of one) has its type fixed by the service: `is_admin_forced`
 * is true and a project's own choice has no effect on it.
 */
export const SOURCE_TYPES = {
  own: { label: 'Собственный сайт', description: 'Сайт проекта и его зеркала', icon: 'home' },
  competitor: { label: 'Конкурент', description: 'Сайты конкурентов', icon: 'swords' },
  media: { label: 'СМИ', description: 'Новостные и деловые издания', icon: 'newspaper' },
  ugc: { label: 'Пользовательский контент', description: 'Форумы, вопросы и ответы, видео', icon: 'users' },
  reference: { label: 'Справочник', description: 'Энциклопедии и документация', icon: 'book' },
  marketplace: { label: 'Маркетплейс', description: 'Торговые площадки', icon: 'shopping-cart' },
  review: { label: 'Отзывы', description: 'Сайты отзывов и рейтингов', icon: 'star' },
  social: { label: 'Соцсети', description: 'Социальные сети и блоги', icon: 'share' },
  government: { label: 'Государство', description: 'Государственные сайты', icon: 'landmark' },
  other: { label: 'Другое', description: 'Прочие сайты', icon: 'globe' },
} as const;

export type SourceType = keyof typeof SOURCE_TYPES;
export const SOURCE_TYPE_VALUES = Object.keys(SOURCE_TYPES) as SourceType[];

const DICTIONARY: Record<string, SourceType> = {
  // reference
  'wikipedia.org': 'reference',
  'wikimedia.org': 'reference',
  'wiktionary.org': 'reference',
  'britannica.com': 'reference',
  'developer.mozilla.org': 'reference',
  'docs.python.org': 'reference',
  'w3.org': 'reference',
  'investopedia.com': 'reference',
  'dic.academic.ru': 'reference',
  // ugc: forums, Q&A, video
  'youtube.com': 'ugc',
  'youtu.be': 'ugc',
  'reddit.com': 'ugc',
  'quora.com': 'ugc',
  'stackoverflow.com': 'ugc',
  'stackexchange.com': 'ugc',
  'github.com': 'ugc',
  'habr.com': 'ugc',
  'pikabu.ru': 'ugc',
  'vc.ru': 'ugc',
  'rutube.ru': 'ugc',
  'dzen.ru': 'ugc',
  'otvet.mail.ru': 'ugc',
  'medium.com': 'ugc',
  // marketplaces
  'amazon.com': 'marketplace',
  'amazon.de': 'marketplace',
  'amazon.co.uk': 'marketplace',
  'ebay.com': 'marketplace',
  'aliexpress.com': 'marketplace',
  'aliexpress.ru': 'marketplace',
  'ozon.ru': 'marketplace',
  'wildberries.ru': 'marketplace',
  'market.yandex.ru': 'marketplace',
  'avito.ru': 'marketplace',
  'etsy.com': 'marketplace',
  'mercadolibre.com': 'marketplace',
  // media
  'nytimes.com': 'media',
  'bbc.com': 'media',
  'bbc.co.uk': 'media',
  'theguardian.com': 'media',
  'reuters.com': 'media',
  'bloomberg.com': 'media',
  'forbes.com': 'media',
  'forbes.ru': 'media',
  'cnn.com': 'media',
  'techcrunch.com': 'media',
  'theverge.com': 'media',
  'wired.com': 'media',
  'rbc.ru': 'media',
  'kommersant.ru': 'media',
  'vedomosti.ru': 'media',
  'ria.ru': 'media',
  'tass.ru': 'media',
  'lenta.ru': 'media',
  'spiegel.de': 'media',
  'elpais.com': 'media',
  // reviews and ratings
  'trustpilot.com': 'review',
  'g2.com': 'review',
  'capterra.com': 'review',
  'otzovik.com': 'review',
  'irecommend.ru': 'review',
  'yelp.com': 'review',
  'tripadvisor.com': 'review',
  // social
  'facebook.com': 'social',
  'instagram.com': 'social',
  'x.com': 'social',
  'twitter.com': 'social',
  'linkedin.com': 'social',
  'vk.com': 'social',
  't.me': 'social',
  'tiktok.com': 'social',
  'pinterest.com': 'social',
  // government
  'gosuslugi.ru': 'government',
  'europa.eu': 'government',
};

/** The dictionary type of a domain (or of a parent domain), or null when it is not listed. */
export function dictionaryType(domain: string): SourceType | null {
  const host = domain.toLowerCase();
  if (
    /(^|\.)gov(\.[a-z]{2})?$/.test(host) ||
    /(^|\.)gov\.[a-z]{2,3}$/.test(host) ||
    /(^|\.)gouv\.fr$/.test(host)
  ) {
    return 'government';
  }
  const parts = host.split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    const candidate = parts.slice(i).join('.');
    if (DICTIONARY[candidate]) return DICTIONARY[candidate];
  }
  return null;
}
