import { BLOCK_SLUGS, type BlockSlug, type ReportBlockDefinition } from '../../../../src-shared/api/reports';

type Text = { name: string; description: string };

/**
 * The nine block definitions (api-spec.md "Report block definition"). Ids are stable: the
 * position in BLOCK_SLUGS. Names follow the project's language: Russian for `ru`, English
 * otherwise (the report texts exist in these two languages).
 */
const TEXTS: Record<BlockSlug, { en: Text; ru: Text }> = {
  ai_conclusions: {
    en: {
      name: 'AI conclusions and action plan',
      description: 'Key findings, a 90-day goal and tasks for 7, 30 and 90 days. Costs 500 limits.',
    },
    ru: {
      name: 'Выводы ИИ и план действий',
      description: 'Ключевые выводы, цель на 90 дней и задачи на 7, 30 и 90 дней. Стоит 500 лимитов.',
    },
  },
  summary: {
    en: { name: 'Summary', description: 'Visibility and tone of brand and site mentions.' },
    ru: { name: 'Сводка', description: 'Видимость и тональность упоминаний бренда и сайта.' },
  },
  competitors: {
    en: { name: 'Competitors', description: 'Visibility of competitors next to the brand.' },
    ru: { name: 'Конкуренты', description: 'Видимость конкурентов рядом с брендом.' },
  },
  answers: {
    en: { name: 'Answers', description: 'Positions and mentions of the brand and the site in answers.' },
    ru: { name: 'Ответы', description: 'Позиции и упоминания бренда и сайта в ответах.' },
  },
  kpi: {
    en: {
      name: 'KPI',
      description:
        'Brand demand, traffic from neural networks, channels, geography and devices (web analytics and keyword frequencies).',
    },
    ru: {
      name: 'KPI',
      description:
        'Спрос на бренд, трафик из нейросетей, каналы, география и устройства (веб-аналитика и частотность запросов).',
    },
  },
  sources: {
    en: { name: 'Sources', description: 'Pages the neural networks link to.' },
    ru: { name: 'Источники', description: 'Страницы, на которые ссылаются нейросети.' },
  },
  brand_position_history: {
    en: {
      name: 'Brand position history',
      description: 'Dynamics of brand mentions across top prompts between checks.',
    },
    ru: {
      name: 'Динамика позиций бренда',
      description: 'Динамика упоминаний бренда по топ-запросам между проверками.',
    },
  },
  site_position_history: {
    en: {
      name: 'Site position history',
      description: 'Dynamics of site mentions in sources across top prompts.',
    },
    ru: {
      name: 'Динамика позиций сайта',
      description: 'Динамика упоминаний сайта в источниках по топ-запросам.',
    },
  },
  prompts_visibility_history: {
    en: {
      name: 'Prompt visibility changes',
      description: 'Prompts with the largest visibility growth and decline in the period.',
    },
    ru: {
      name: 'Изменение видимости запросов',
      description: 'Запросы с наибольшим ростом и падением видимости за период.',
    },
  },
};

export type ReportLanguage = 'en' | 'ru';

export const reportLanguage = (projectLanguage: string): ReportLanguage =>
  projectLanguage === 'ru' ? 'ru' : 'en';

export function blockDefinitions(language: ReportLanguage): ReportBlockDefinition[] {
  return BLOCK_SLUGS.map((slug, index) => ({
    id: index + 1,
    slug,
    name: TEXTS[slug][language].name,
    description: TEXTS[slug][language].description,
    block_order: index + 1,
    visible: 'all',
  }));
}

export function blockDefinition(slug: BlockSlug, language: ReportLanguage): ReportBlockDefinition {
  return blockDefinitions(language).find((b) => b.slug === slug)!;
}
