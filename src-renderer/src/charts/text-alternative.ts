/**
 * A chart's numbers as text: the table behind "View as table" and the short summary that is the
 * canvas's accessible name (WCAG 1.1.1: a chart a screen reader cannot read is half a chart).
 * Built from the Chart.js data the chart draws, so it can never disagree with the picture.
 *
 * Pure module (no DOM, no i18n instance): unit-tested in Node.
 */

/** The part of a Chart.js configuration's `data` that holds the numbers. */
export interface ChartData {
  labels?: unknown[];
  datasets: Array<{ label?: string; data: unknown[] }>;
}

export interface ChartTable {
  /** One column per series; a single unnamed series (a doughnut) is one column without a name. */
  columns: string[];
  rows: Array<{ label: string; values: Array<number | null> }>;
}

/** Series whose label starts with `__` are drawing aids (the interval band), not data. */
const isHelper = (label: string | undefined) => !!label?.startsWith('__');

function numberOf(point: unknown): number | null {
  if (typeof point === 'number') return Number.isFinite(point) ? point : null;
  if (point && typeof point === 'object' && 'y' in point) {
    const y = (point as { y: unknown }).y;
    return typeof y === 'number' && Number.isFinite(y) ? y : null;
  }
  return null;
}

/** Rows = the chart's labels (dates or categories), columns = its series. */
export function chartTable(data: ChartData): ChartTable {
  const datasets = data.datasets.filter((d) => !isHelper(d.label));
  const labels = (data.labels ?? []).map((l) => String(l));
  return {
    columns: datasets.map((d) => d.label ?? ''),
    rows: labels.map((label, i) => ({ label, values: datasets.map((d) => numberOf(d.data[i])) })),
  };
}

export interface SummaryText {
  /** `{series}: {first} on {from}, {last} on {to}` */
  trend: (p: { series: string; first: string; from: string; last: string; to: string }) => string;
  /** `{label}: {value}` */
  part: (p: { label: string; value: string }) => string;
  /** `and {count} more` */
  more: (count: number) => string;
  noData: string;
}

/** How many series or parts a summary names before "and N more". */
export const SUMMARY_ITEMS = 5;

/**
 * One sentence a listener can take in: over dates, each series' first and last value; otherwise
 * the largest parts of the first series, largest first.
 */
export function chartSummary(
  table: ChartTable,
  kind: 'trend' | 'parts',
  text: SummaryText,
  format: { label: (label: string) => string; value: (value: number | null) => string },
): string {
  const items: string[] = [];
  let total = 0;
  if (kind === 'trend') {
    table.columns.forEach((series, column) => {
      const points = table.rows.filter((r) => r.values[column] !== null);
      if (!points.length) return;
      total++;
      if (items.length >= SUMMARY_ITEMS) return;
      const first = points[0];
      const last = points[points.length - 1];
      items.push(
        text.trend({
          series: series || '—',
          first: format.value(first.values[column]),
          from: format.label(first.label),
          last: format.value(last.values[column]),
          to: format.label(last.label),
        }),
      );
    });
  } else {
    const parts = table.rows
      .filter((r) => r.values[0] !== null && r.values[0] !== undefined)
      .sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0));
    total = parts.length;
    for (const r of parts.slice(0, SUMMARY_ITEMS))
      items.push(text.part({ label: format.label(r.label), value: format.value(r.values[0]) }));
  }
  if (!items.length) return text.noData;
  return [...items, ...(total > items.length ? [text.more(total - items.length)] : [])].join('; ');
}
