/**
 * Enum values the API accepts, with their labels. The engine returns the Russian labels in
 * `GET /api/projects/{project}/filters` (api-spec.md "Enum values"); the UI picks the label of
 * its own language from the same table, so both always agree on the values.
 */

export type UiLanguage = 'ru' | 'en';
export interface EnumOption<V extends string = string> {
  value: V;
  label: Record<UiLanguage, string>;
}

const option = <V extends string>(value: V, ru: string, en: string): EnumOption<V> => ({
  value,
  label: { ru, en },
});

export const MENTION_OPTIONS = [
  option('has', 'Бренд упомянут', 'Brand mentioned'),
  option('not', 'Бренд не упомянут', 'Brand not mentioned'),
  option('has_source', 'Сайт в источниках', 'Site among sources'),
] as const;

export const TONE_OPTIONS = [
  option('positive', 'Позитивная', 'Positive'),
  option('neutral', 'Нейтральная', 'Neutral'),
  option('negative', 'Негативная', 'Negative'),
] as const;

export const VISIBILITY_OPTIONS = [
  option('up', 'Видимость выросла', 'Visibility up'),
  option('down', 'Видимость снизилась', 'Visibility down'),
] as const;

export const COMPETITOR_TYPE_OPTIONS = [
  option('brand', 'Бренд', 'Brand'),
  option('competitor', 'Конкурент', 'Competitor'),
] as const;

export const METRICS_OPTIONS = [
  option('visibility', 'Видимость', 'Visibility'),
  option('mentions', 'Упоминания', 'Mentions'),
  option('share_of_voice', 'Доля голоса', 'Share of voice'),
] as const;

export const METRICS_ACTION_OPTIONS = [
  option('up', 'Рост', 'Growth'),
  option('down', 'Снижение', 'Decline'),
  option('zero', 'Без изменений', 'No change'),
] as const;

/** The `enums` object of the filters response, key by key (api-spec.md "Enum values"). */
export const FILTER_ENUMS = {
  mention: MENTION_OPTIONS,
  tone: TONE_OPTIONS,
  visibility: VISIBILITY_OPTIONS,
  competitor_type: COMPETITOR_TYPE_OPTIONS,
  metrics: METRICS_OPTIONS,
  metrics_action: METRICS_ACTION_OPTIONS,
} as const;

/** The values of an options table, as a tuple (what zod's `z.enum` takes). */
type ValuesOf<O extends readonly EnumOption[]> = {
  -readonly [K in keyof O]: O[K] extends EnumOption<infer V> ? V : never;
};
const valuesOf = <O extends readonly [EnumOption, ...EnumOption[]]>(options: O) =>
  options.map((o) => o.value) as ValuesOf<O>;

/**
 * Values of every analytics filter (api-spec.md "Enum values" and the endpoints' queries): the
 * engine validates requests against them (analytics/filters.ts), the UI and the response types
 * read the same lists.
 */
export const MENTION = valuesOf(MENTION_OPTIONS);
export type Mention = (typeof MENTION)[number];
export const TONES = valuesOf(TONE_OPTIONS);
export type Tone = (typeof TONES)[number];
export const VISIBILITY = valuesOf(VISIBILITY_OPTIONS);
export type VisibilityMove = (typeof VISIBILITY)[number];
export const COMPETITOR_FILTER_TYPES = valuesOf(COMPETITOR_TYPE_OPTIONS);
export const METRICS = valuesOf(METRICS_OPTIONS);
export const METRICS_ACTIONS = valuesOf(METRICS_ACTION_OPTIONS);
/** Filters without labels in the filters response. */
export const SORT_FIELDS = ['frequency_sort', 'visibility_sort', 'value_sort', 'created_sort'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const PRESENCE = ['brand_has', 'brand_not', 'site_has', 'site_not'] as const;
export type Presence = (typeof PRESENCE)[number];
export const URLS_MODES = ['all', 'own', 'external'] as const;
export type UrlsMode = (typeof URLS_MODES)[number];

/** `{value, label}` items in one language, the shape the filters response carries. */
export function enumItems(options: readonly EnumOption[], language: UiLanguage = 'ru') {
  return options.map((o) => ({ value: o.value, label: o.label[language] }));
}

// ---- Projects and drafts ---------------------------------------------------------------------

/** Languages of a project (and of its draft proposals); read-only after creation. */
export const PROJECT_LANGUAGES = ['ru', 'en', 'de', 'es'] as const;
export type ProjectLanguage = (typeof PROJECT_LANGUAGES)[number];

/**
 * Groups of draft proposals (decisions.md §6), plus `custom` for prompts added by hand. The
 * created project gets one prompt group per value used, named by its label in the project
 * language.
 */
export const DRAFT_GROUPS = [
  'category',
  'problem',
  'comparison',
  'commercial',
  'brand',
  'reviews',
  'custom',
] as const;
export type DraftGroup = (typeof DRAFT_GROUPS)[number];

export const DRAFT_GROUP_LABELS: Record<DraftGroup, Record<ProjectLanguage, string>> = {
  category: {
    ru: 'Лучшие в категории',
    en: 'Category leaders',
    de: 'Beste Anbieter',
    es: 'Mejores opciones',
  },
  problem: { ru: 'Решение задачи', en: 'Solving the need', de: 'Problemlösung', es: 'Resolver la necesidad' },
  comparison: { ru: 'Сравнение', en: 'Comparison', de: 'Vergleich', es: 'Comparación' },
  commercial: { ru: 'Цена и покупка', en: 'Price and purchase', de: 'Preis und Kauf', es: 'Precio y compra' },
  brand: { ru: 'О бренде', en: 'About the brand', de: 'Zur Marke', es: 'Sobre la marca' },
  reviews: { ru: 'Отзывы и надёжность', en: 'Reviews and trust', de: 'Bewertungen', es: 'Opiniones' },
  custom: { ru: 'Свои запросы', en: 'Custom prompts', de: 'Eigene Prompts', es: 'Prompts propios' },
};

// ---- Schedules ---------------------------------------------------------------------------------

/** Schedule types (api-spec.md "Schedules"). */
export const SCHEDULE_TYPES = [
  'once_per_week',
  'twice_per_week',
  'weekdays',
  'monthdays',
  'every_n_days',
  'with_update',
  'paused',
] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

export const SCHEDULE_TYPE_LABELS: Record<ScheduleType, Record<UiLanguage, string>> = {
  once_per_week: { ru: 'Раз в неделю', en: 'Once a week' },
  twice_per_week: { ru: 'Два раза в неделю', en: 'Twice a week' },
  weekdays: { ru: 'По дням недели', en: 'On chosen weekdays' },
  monthdays: { ru: 'По дням месяца', en: 'On chosen days of the month' },
  every_n_days: { ru: 'Каждые N дней', en: 'Every N days' },
  with_update: { ru: 'Вместе с обновлением', en: 'Together with the update' },
  paused: { ru: 'Вручную', en: 'Manual only' },
};

/** `source` of a schedule; the settings read shape keys `schedules` by it. */
export const SCHEDULE_SOURCES = ['update', 'recommendations', 'frequency', 'url_indexation'] as const;
export type ScheduleSource = (typeof SCHEDULE_SOURCES)[number];

// ---- AI systems --------------------------------------------------------------------------------

/** Provider implementations of the engine (providers/index.ts): what a catalogue entry may name. */
export const PROVIDERS = [
  'openai',
  'openai-compatible',
  'anthropic',
  'google',
  'perplexity',
  'deepseek',
  'xai',
  'mistral',
  'ollama',
  'demo',
] as const;
export type ProviderName = (typeof PROVIDERS)[number];

// ---- App settings ------------------------------------------------------------------------------

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const UI_LANGUAGES = ['ru', 'en'] as const;
