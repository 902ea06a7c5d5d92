import type { BlockSlug, PositionHistoryData } from '../../../../src-shared/api/reports';
import { bestPosition } from '../../analytics/facts';
import { summaryOf, toBlockSeries, xOf, type SummaryBody } from './analytics';
import { periodBlock } from './types';

/**
 * `brand_position_history` and `site_position_history`: the summary's position histories over
 * the period (the top prompts by frequency). Per prompt and update the block keeps the best
 * place among the networks (the analytics' `bestPosition`) and how many networks named the
 * brand (cited the site); the chart is the summary's visibility chart of those prompts.
 */
type Stats = SummaryBody['data']['updateStats'];

function history(
  h: Stats['brand_position_history'] | Stats['site_position_history'],
  place: (cell: Record<string, unknown>) => number | null,
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
        const cells = Object.values(
          (row.positions_by_date as Record<string, Record<string, Record<string, unknown>>>)[date] ?? {},
        );
        const places = cells.map(place);
        return {
          x: xOf(date)!,
          position: bestPosition(places),
          networks: places.filter((p) => p !== null).length,
        };
      }),
    })),
  };
}

/** The brand's place in an answer: its mention position when named. */
const brandPlace = (c: Record<string, unknown>) =>
  c.mention === 1 ? ((c.mention_position as number | null) ?? null) : null;
/** The site's place in an answer's sources when cited. */
const sitePlace = (c: Record<string, unknown>) =>
  c.mentioned === true ? ((c.position as number | null) ?? null) : null;

const historyBlock = (slug: BlockSlug, of: 'brand' | 'site') =>
  periodBlock(slug, async (bc, period): Promise<PositionHistoryData> => {
    const stats = (await summaryOf(bc, period)).data.updateStats;
    return of === 'brand'
      ? history(stats.brand_position_history, brandPlace)
      : history(stats.site_position_history, sitePlace);
  });

export const brandPositionHistoryBlock = historyBlock('brand_position_history', 'brand');
export const sitePositionHistoryBlock = historyBlock('site_position_history', 'site');
