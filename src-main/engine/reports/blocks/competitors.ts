import { average, percent } from './answer-facts';
import { periodBlock } from './types';
import type { CompetitorsData } from '../../../../src-shared/api/reports';

/**
 * `competitors`: the brand and up to 20 competitors by visibility over the period's answers.
 * (Adapter: to call the analytics module's competitors builder once it lands.)
 */

export const competitorsBlock = periodBlock('competitors', async (bc, period): Promise<CompetitorsData> => {
  const facts = await bc.facts(period);
  const total = facts.rows.reduce((s, r) => s + r.answers, 0);
  const mentions = facts.rows.reduce((s, r) => s + r.mentions, 0);
  const positions = facts.rows.reduce((s, r) => s + r.positions, 0);
  const positionSum = facts.rows.reduce((s, r) => s + r.position_sum, 0);
  const rows = [
    {
      name: bc.project.brand,
      is_brand: true,
      visibility: percent(mentions, total),
      mentions,
      average_position: average(positionSum, positions),
    },
    ...facts.competitors.map((c) => ({
      name: c.name,
      is_brand: false,
      visibility: percent(c.answers, total),
      mentions: c.answers,
      average_position: average(c.position_sum, c.answers),
    })),
  ].sort((a, b) => b.visibility - a.visibility);
  return { answers_total: total, rows };
});
