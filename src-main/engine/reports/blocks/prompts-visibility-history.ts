import type { PromptsVisibilityHistoryData } from '../../../../src-shared/api/reports';
import { summaryOf } from './analytics';
import { periodBlock } from './types';

/**
 * `prompts_visibility_history`: the summary's `topPrompts` over the period: the prompts whose
 * visibility grew and fell most between the last two updates of the period (up to 5 each, the
 * endpoint's cut), with the reason when a side is empty.
 */
export const promptsVisibilityHistoryBlock = periodBlock(
  'prompts_visibility_history',
  async (bc, period): Promise<PromptsVisibilityHistoryData> => {
    const body = await summaryOf(bc, period);
    const { topPrompts, visibility_curve } = body.data.updateStats;
    const points = visibility_curve[0]?.data ?? [];
    const change = (i: { prompt: string; visibility: number; dynamic: number }) => ({
      prompt: i.prompt,
      visibility: i.visibility,
      change: i.dynamic,
    });
    return {
      previous_update: points.length > 1 ? points[points.length - 2].x : null,
      last_update: points[points.length - 1]?.x ?? null,
      growth: topPrompts.up.map(change),
      decline: topPrompts.down.map(change),
      growth_reason: topPrompts.up_reason,
      decline_reason: topPrompts.down_reason,
    };
  },
);
