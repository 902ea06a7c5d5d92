import { average, percent } from './answer-facts';
import { periodBlock } from './types';
import type { AnswersData } from '../../../../src-shared/api/reports';

/**
 * `answers`: per prompt, brand visibility and average position and site mentions and position
 * over the period's answers, most visible first. (Adapter: to call the analytics module's
 * answers/visibility builder once it lands.)
 */

export const answersBlock = periodBlock('answers', async (bc, period): Promise<AnswersData> => {
  const facts = await bc.facts(period);
  const byPrompt = new Map<
    number,
    { a: number; m: number; ps: number; pn: number; sm: number; sps: number; spn: number }
  >();
  for (const r of facts.rows) {
    const t = byPrompt.get(r.prompt_id) ?? { a: 0, m: 0, ps: 0, pn: 0, sm: 0, sps: 0, spn: 0 };
    t.a += r.answers;
    t.m += r.mentions;
    t.ps += r.position_sum;
    t.pn += r.positions;
    t.sm += r.site_mentions;
    t.sps += r.site_position_sum;
    t.spn += r.site_positions;
    byPrompt.set(r.prompt_id, t);
  }
  const rows = [...byPrompt].map(([id, t]) => ({
    prompt_id: id,
    prompt: facts.prompts.get(id) ?? '',
    answers: t.a,
    visibility: percent(t.m, t.a),
    average_position: average(t.ps, t.pn),
    site_mentions: t.sm,
    site_average_position: average(t.sps, t.spn),
  }));
  rows.sort((a, b) => b.visibility - a.visibility || a.prompt_id - b.prompt_id);
  return { rows };
});
