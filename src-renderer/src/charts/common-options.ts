import type { ChartOptions, ChartType, TooltipItem } from 'chart.js';
import { formatNumber } from './series';
import type { ChartTheme } from './theme';

/** The system's "reduce motion" setting (false where there is no window: Node tests). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Options every chart shares: theme colours, legend at the bottom, locale numbers in tooltips. */
export function baseOptions<T extends ChartType>(
  theme: ChartTheme,
  opts: { animation: boolean; locale: string; unit: string; legend: boolean },
): ChartOptions<T> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    // Print passes animation=false so the first frame is the final one; a user who asked the
    // system for reduced motion gets charts that appear without moving.
    animation: opts.animation && !prefersReducedMotion() ? undefined : false,
    color: theme.text,
    font: { family: theme.font },
    plugins: {
      legend: {
        display: opts.legend,
        position: 'bottom',
        labels: { color: theme.text, usePointStyle: true, boxWidth: 8, boxHeight: 8, padding: 14 },
      },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<ChartType>) => {
            // A point is a number or {x, y} (time series), depending on the chart.
            const raw = item.raw as number | { y?: number } | null;
            const parsed = item.parsed as number | { y?: number } | undefined;
            const value =
              typeof raw === 'number' ? raw : (raw?.y ?? (typeof parsed === 'number' ? parsed : parsed?.y));
            const label = item.dataset?.label ?? item.label ?? '';
            return `${label}: ${formatNumber(typeof value === 'number' ? value : null, opts.locale, opts.unit)}`;
          },
        },
      },
    },
  } as ChartOptions<T>;
}
