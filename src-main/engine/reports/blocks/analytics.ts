import type { PeriodRange } from '../../../../src-shared/api/reports';
import { dottedDay } from '../../../../src-shared/time';
import type { FilterInput } from '../../analytics/filters';
import { buildSummary } from '../../analytics/summary';
import type { BlockContext } from './types';

/**
 * The bridge from report blocks to the analytics module (decisions.md §9: blocks are built by the
 * code that answers the matching endpoints). A period becomes the plain-object filters the
 * analytics filter module parses for every endpoint — `dates` of its first and last day, and
 * nothing else, so a block shows what the endpoint shows for those dates with no other filter.
 */
export const periodFilters = (period: PeriodRange, extra: FilterInput = {}): FilterInput => ({
  ...extra,
  dates: [period.from, period.to],
});

export type SummaryBody = Awaited<ReturnType<typeof buildSummary>>;

/** GET …/summary over a period, built once per report build and shared by the blocks reading it. */
export const summaryOf = (bc: BlockContext, period: PeriodRange): Promise<SummaryBody> =>
  bc.once(`summary ${period.from} ${period.to}`, () =>
    buildSummary(bc.ctx, bc.project, periodFilters(period)),
  );

/**
 * A chart series of an analytics response as api-spec.md describes it. The builders type their
 * labels as `object` and points as `{x}` plus numbers, so the block adapters read them here.
 */
export interface ChartSeries {
  label: { system_name: string; display_name: string };
  data: Array<{ x: string; y: number; z?: number }>;
}

export const asSeries = (s: { label: object; data: object[] }) => s as unknown as ChartSeries;

/** Points `{x, y}` of a series. */
export const pointsOf = (s: { data: object[] }) =>
  (s.data as Array<{ x: string; y: number }>).map((p) => ({ x: p.x, y: p.y }));

export const toBlockSeries = (s: { label: object; data: object[] }) => ({
  name: asSeries(s).label.display_name,
  is_total: asSeries(s).label.system_name === 'all',
  points: pointsOf(s),
});

/** `DD.MM.YYYY` of a `YYYY-MM-DD` day (the `x` of every chart point). */
export const xOf = (day: string | null | undefined) => (day ? dottedDay(day) : null);
