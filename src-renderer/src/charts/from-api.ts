/**
 * API chart shapes → chart component props, with the stable palette applied. Shared by the
 * analytics screens and the report print view, so both colour every series the same way.
 * Pure (no DOM).
 */
import { competitorColor, systemColor, TONE_COLORS } from './palette';
import type { Slice, TimePoint, TimeSeries } from './series';

/** A network-labelled series: summary visibility curves, answers chartData. */
export interface NeuralSeriesLike {
  id?: string | number;
  label: { system_name: string; display_name: string; order?: number };
  data: Array<{ x: string; y: number | null }>;
}

/** A competitor-labelled series: share of voice, competitors chartData. */
export interface CompetitorSeriesLike {
  id: string | number;
  label: string;
  type: string;
  data: Array<{ x: string; y: number | null }>;
}

const points = (data: Array<{ x: string; y: number | null }>): TimePoint[] =>
  data.map((p) => ({ x: p.x, y: p.y }));

/**
 * One line per network, ordered by `label.order` (the `all` series has order -1, so it comes
 * first and is drawn dashed). `allLabel` replaces the API's label of the overall series.
 */
export function neuralLines(series: NeuralSeriesLike[], opts: { dark?: boolean; allLabel?: string } = {}) {
  return [...series]
    .sort((a, b) => (a.label.order ?? 0) - (b.label.order ?? 0))
    .map((s): TimeSeries => {
      const isAll = s.label.system_name === 'all' || s.id === 'all';
      return {
        key: String(s.id ?? s.label.system_name),
        label: isAll && opts.allLabel ? opts.allLabel : s.label.display_name,
        color: systemColor(isAll ? 'all' : s.label.system_name, opts.dark),
        points: points(s.data),
        dashed: isAll,
      };
    });
}

/** One line per competitor; the own brand in the accent colour, `other` in grey. */
export function competitorLines(
  series: CompetitorSeriesLike[],
  labels: { own?: string; other?: string } = {},
) {
  return series.map((s): TimeSeries => ({
    key: String(s.id),
    label:
      s.type === 'own' && labels.own
        ? labels.own
        : s.type === 'other' && labels.other
          ? labels.other
          : s.label,
    color: competitorColor(s.label, s.type),
    points: points(s.data),
    dashed: s.type === 'other',
  }));
}

/** The tone chart `{positive, neutral, negative}` as doughnut slices. */
export function toneSlices(
  tone: { positive: number; neutral: number; negative: number },
  labels: { positive: string; neutral: string; negative: string },
): Slice[] {
  return (['positive', 'neutral', 'negative'] as const).map((key) => ({
    key,
    label: labels[key],
    value: tone[key] ?? 0,
    color: TONE_COLORS[key],
  }));
}
