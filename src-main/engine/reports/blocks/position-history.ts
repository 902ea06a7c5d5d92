import { dottedDay } from '../../../../src-shared/time';
import type { BlockSlug } from '../../../../src-shared/api/reports';
import { average, percent, type PeriodFacts } from './answer-facts';
import { periodBlock } from './types';
import type { PositionHistoryData } from '../../../../src-shared/api/reports';

/**
 * `brand_position_history` and `site_position_history`: for the top 10 prompts (most answers
 * naming the brand, or citing the site, over the period), visibility and average position at each
 * update. (Adapter: to call the analytics module's answers/history and sources-history builders
 * once they land.)
 */

const TOP_PROMPTS = 10;

export function positionHistory(facts: PeriodFacts, of: 'brand' | 'site'): PositionHistoryData {
  const hits = new Map<number, number>();
  for (const r of facts.rows) {
    hits.set(r.prompt_id, (hits.get(r.prompt_id) ?? 0) + (of === 'brand' ? r.mentions : r.site_mentions));
  }
  const top = [...hits]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, TOP_PROMPTS)
    .map(([id]) => id);
  return {
    dates: facts.updates.map((u) => dottedDay(u.date)),
    prompts: top.map((id) => ({
      prompt_id: id,
      prompt: facts.prompts.get(id) ?? '',
      points: facts.updates.map((u) => {
        const r = facts.rows.find((row) => row.prompt_id === id && row.run_id === u.run_id);
        if (!r) return { x: dottedDay(u.date), visibility: 0, position: null };
        return of === 'brand'
          ? {
              x: dottedDay(u.date),
              visibility: percent(r.mentions, r.answers),
              position: average(r.position_sum, r.positions),
            }
          : {
              x: dottedDay(u.date),
              visibility: percent(r.site_mentions, r.answers),
              position: average(r.site_position_sum, r.site_positions),
            };
      }),
    })),
  };
}

const historyBlock = (slug: BlockSlug, of: 'brand' | 'site') =>
  periodBlock(slug, async (bc, period) => positionHistory(await bc.facts(period), of));

export const brandPositionHistoryBlock = historyBlock('brand_position_history', 'brand');
export const sitePositionHistoryBlock = historyBlock('site_position_history', 'site');
