import { i18n } from './index';

/**
 * The API keeps the spec's Russian labels (source types such as "Собственный сайт", the
 * share-of-voice rest "Другие", the all-networks series "Все нейросети"). Screens and the PDF
 * show their own words in the reader's language, picked by the enum value or series kind that
 * comes with each label, never by the label's text.
 */
const { t, te } = i18n.global;

const byKey = (key: string, fallback: string) => (te(key) ? t(key) : fallback);

/** A source type (`own`, `review`, `other`…; decisions.md §7). */
export const sourceTypeLabel = (value: string | undefined) =>
  value ? byKey(`analytics.sources.types.${value}`, value) : '';

/** A competitor type (`own`, `key`, `direct`, `indirect`, `hidden`). */
export const competitorTypeLabel = (value: string) => byKey(`analytics.competitors.types.${value}`, value);

/** A share-of-voice entry: `other` is the rest of the brands, the others are brand names. */
export const voiceName = (item: { type: string; name: string }) =>
  item.type === 'other' ? t('analytics.dashboard.other') : item.name;

/** A report chart series: the total one is all networks together (names are network names). */
export const networkSeriesName = (series: { is_total: boolean; name: string }) =>
  series.is_total ? t('analytics.dashboard.overall') : series.name;
