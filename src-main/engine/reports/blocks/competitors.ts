import type { CompetitorsData } from '../../../../src-shared/api/reports';
import { buildCompetitors } from '../../analytics/competitors';
import { periodFilters, pointsOf } from './analytics';
import { periodBlock } from './types';

/** Competitors in the block: the endpoint's own `competitors_count` cut. */
export const REPORT_COMPETITORS = 20;

/**
 * `competitors`: GET …/competitors over the period with `competitors_count` 20: the own brand and
 * the current competitors by last-update visibility (changes since the first update of the
 * period), the competitors that dropped out, and the visibility chart.
 */
export const competitorsBlock = periodBlock('competitors', async (bc, period): Promise<CompetitorsData> => {
  const body = await buildCompetitors(
    bc.ctx,
    bc.project,
    periodFilters(period, { competitors_count: REPORT_COMPETITORS }),
  );
  const { tableData, excludedTableData, chartData } = body.data;
  const own = tableData.find((r) => r.competitor.type === 'own');
  return {
    first_update: own?.visibility.dates.first ?? null,
    last_update: own?.visibility.dates.last ?? null,
    rows: tableData.map((r) => ({
      name: r.competitor.name,
      type: r.competitor.type,
      is_brand: r.competitor.type === 'own',
      visibility: r.visibility.last,
      visibility_change: r.visibility.delta,
      visibility_test: r.visibility.change_test,
      mentions: r.mentions,
      share_of_voice: r.share_of_voice.last,
      share_of_voice_change: r.share_of_voice.delta,
    })),
    excluded: excludedTableData.map((r) => ({
      name: r.competitor.name,
      type: r.competitor.type,
      visibility_first: r.visibility.first,
    })),
    chart: chartData.visibility.map((s) => ({
      name: s.label,
      is_total: s.type === 'own',
      points: pointsOf(s),
    })),
  };
});
