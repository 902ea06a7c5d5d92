import type { PositionHistoryData } from '../../../../src-shared/api/reports';
import { bestPosition, type SiteCell } from '../../analytics/facts';
import type { BrandCell } from '../../../../src-shared/api/analytics';
import { summaryOf, toBlockSeries, xOf } from './analytics';
import { periodBlock } from './types';

/**
 * `brand_position_history` and `site_position_history`: the summary's position histories over
 * the period (the top prompts by frequency). Per prompt and update the block keeps the best
 * place among the networks (the analytics' `bestPosition`) and how many networks named the
 * brand (cited the site); the chart is the summary's visibility chart of those prompts.
 */
function history<C>(
  h: {
    tableData: {
      dates: string[];
      neurals: Array<{ id: number; display_name: string }>;
      data: Array<{
        prompt: { id: number; value: string };
        positions_by_date: Record<string, Record<string, C>>;
        dynamics: 'up' | 'down' | 'not_changed';
      }>;
    };
    chartData: Array<{ label: object; data: object[] }>;
  },
  place: (cell: C) => { named: boolean; position: number | null },
): PositionHistoryData {
  const dates = h.tableData.dates;
  return {
    dates: dates.map((d) => xOf(d)!),
    neurals: h.tableData.neurals.map((n) => ({ id: n.id, name: n.display_name })),
    chart: h.chartData.map(toBlockSeries),
    prompts: h.tableData.data.map((row) => ({
      prompt_id: row.prompt.id,
      prompt: row.prompt.value,
      dynamics: row.dynamics,
      points: dates.map((date) => {
        const places = Object.values(row.positions_by_date[date] ?? {}).map(place);
        return {
          x: xOf(date)!,
          position: bestPosition(places.map((p) => p.position)),
          networks: places.filter((p) => p.named).length,
        };
      }),
    })),
  };
}

/** The brand's place in an answer: its mention position when named. */
const brandPlace = (c: BrandCell) => ({
  named: c.mention === 1,
  position: c.mention === 1 ? c.mention_position : null,
});
/** The site's place in an answer's sources when cited. */
const sitePlace = (c: SiteCell) => ({ named: c.mentioned, position: c.mentioned ? c.position : null });

const historyBlock = <S extends 'brand_position_history' | 'site_position_history'>(
  slug: S,
  of: 'brand' | 'site',
) =>
  periodBlock(slug, async (bc, period): Promise<PositionHistoryData> => {
    const stats = (await summaryOf(bc, period)).data.updateStats;
    return of === 'brand'
      ? history(stats.brand_position_history, brandPlace)
      : history(stats.site_position_history, sitePlace);
  });

export const brandPositionHistoryBlock = historyBlock('brand_position_history', 'brand');
export const sitePositionHistoryBlock = historyBlock('site_position_history', 'site');
