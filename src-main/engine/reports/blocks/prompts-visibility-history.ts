import { percent } from './answer-facts';
import { periodBlock } from './types';
import type { PromptChange, PromptsVisibilityHistoryData } from '../../../../src-shared/api/reports';

/**
 * `prompts_visibility_history`: the prompts whose visibility grew and fell most between the
 * first and the last update of the period (up to 10 each; a prompt needs both updates).
 * (Adapter: to call the analytics module once it lands.)
 */

const TOP = 10;

export const promptsVisibilityHistoryBlock = periodBlock(
  'prompts_visibility_history',
  async (bc, period): Promise<PromptsVisibilityHistoryData> => {
    const facts = await bc.facts(period);
    const first = facts.updates[0];
    const last = facts.updates[facts.updates.length - 1];
    if (!first || !last || first === last) {
      return { first_update: first?.date ?? null, last_update: last?.date ?? null, growth: [], decline: [] };
    }
    const at = (runId: number) =>
      new Map(
        facts.rows
          .filter((r) => r.run_id === runId)
          .map((r) => [r.prompt_id, percent(r.mentions, r.answers)]),
      );
    const before = at(first.run_id);
    const after = at(last.run_id);
    const changes: PromptChange[] = [];
    for (const [id, to] of after) {
      const from = before.get(id);
      if (from === undefined) continue;
      changes.push({
        prompt_id: id,
        prompt: facts.prompts.get(id) ?? '',
        from,
        to,
        change: Math.round((to - from) * 100) / 100,
      });
    }
    return {
      first_update: first.date,
      last_update: last.date,
      growth: changes
        .filter((c) => c.change > 0)
        .sort((a, b) => b.change - a.change)
        .slice(0, TOP),
      decline: changes
        .filter((c) => c.change < 0)
        .sort((a, b) => a.change - b.change)
        .slice(0, TOP),
    };
  },
);
