import type { AnswersData } from '../../../../src-shared/api/reports';
import { buildAnswersVisibility } from '../../analytics/answers';
import { periodFilters, toBlockSeries } from './analytics';
import { periodBlock } from './types';

/** Prompts in the block: one page of the endpoint (the print shows the first 40). */
export const REPORT_ANSWER_ROWS = 100;

/**
 * `answers`: the first page of GET …/answers/visibility over the period, sorted by visibility
 * (highest first): each prompt's visibility at the last update and its dynamic, and per network
 * whether the brand was named and where, and the site's place in the sources; plus the
 * visibility chart (all networks and each one). `total_prompts` counts every prompt.
 */
export const answersBlock = periodBlock('answers', async (bc, period): Promise<AnswersData> => {
  const body = await buildAnswersVisibility(
    bc.ctx,
    bc.project,
    periodFilters(period, {
      per_page: REPORT_ANSWER_ROWS,
      sortField: 'visibility_sort',
      sortOrder: 'desc',
    }),
  );
  const rows = body.tableData.rows;
  return {
    total_prompts: body.total_prompts,
    total_mentions: body.total_mentions,
    neurals: (rows[0]?.data ?? []).map((d) => ({ id: d.neural.id, name: d.neural.display_name })),
    rows: rows.map((r) => ({
      prompt_id: r.prompt.id,
      prompt: r.prompt.value,
      visibility: r.prompt.visibility,
      dynamic: r.prompt.dynamic,
      cells: r.data.map((d) => ({
        neural_id: d.neural.id,
        mention: d.mention === 1,
        position: d.mention_position,
        site_mentioned: d.site_mentioned,
        site_position: d.site_position,
      })),
    })),
    chart: body.chartData.map(toBlockSeries),
  };
});
