import { generateText, Output } from 'ai';
import { z } from 'zod';
import type { BlockDataOf } from '../../../../src-shared/api/reports';
import { analysisModel } from '../analysis-model';
import { summaryOf } from './analytics';
import { summaryData } from './summary';
import type { BlockBuilder, BlockContext } from './types';

/** decisions.md §2: the block costs 500 limits of the project owner's balance. */
export const AI_CONCLUSIONS_COST = 500;

export const conclusionsSchema = z.object({
  key_findings: z.array(z.string()).min(1).max(8),
  goal_90_days: z.string(),
  tasks: z.object({
    days_7: z.array(z.string()).min(1).max(6),
    days_30: z.array(z.string()).min(1).max(6),
    days_90: z.array(z.string()).min(1).max(6),
  }),
});

export type DisabledReason = 'no_analysis_model' | 'insufficient_limits' | 'model_error';

/**
 * `ai_conclusions`: the analysis model reads the report's other blocks and writes key findings,
 * a 90-day goal and tasks for 7, 30 and 90 days (structured output, so the shape is checked).
 * Switched off, with `disabled_reason` and the rest of the report built as usual, when no
 * analysis model is set or the owner's balance is short.
 *
 * Charging is idempotent: `reports.limits_charged` records the charge, so a build resumed after a
 * crash does not charge twice; a model that fails refunds it.
 */
export const aiConclusionsBlock: BlockBuilder<'ai_conclusions'> = {
  slug: 'ai_conclusions',
  async build(bc) {
    const off = (reason: DisabledReason, detail?: string): BlockDataOf<'ai_conclusions'> => ({
      period: bc.period,
      comparison_period: bc.comparisonPeriod,
      disabled_reason: reason,
      disabled_message: disabledMessage(reason, bc.language, detail),
      main: null,
      comparison: null,
    });

    const chosen = await analysisModel(bc.ctx);
    if (!chosen) return off('no_analysis_model');
    if (!(await charge(bc))) return off('insufficient_limits');
    try {
      const { output } = await generateText({
        model: chosen.model,
        output: Output.object({ schema: conclusionsSchema }),
        prompt: await promptFor(bc),
        maxRetries: 1,
      });
      return {
        period: bc.period,
        comparison_period: bc.comparisonPeriod,
        disabled_reason: null,
        main: { ...output, model: chosen.neural.display_name },
        comparison: null,
      };
    } catch (error) {
      await refund(bc);
      return off('model_error', error instanceof Error ? error.message.slice(0, 300) : String(error));
    }
  },
};

async function charge(bc: BlockContext): Promise<boolean> {
  return bc.ctx.db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom('reports')
      .select('limits_charged')
      .where('id', '=', bc.report.id)
      .executeTakeFirstOrThrow();
    if (report.limits_charged >= AI_CONCLUSIONS_COST) return true;
    const taken = await trx
      .updateTable('users')
      .set((eb) => ({ limits_balance: eb('limits_balance', '-', AI_CONCLUSIONS_COST) }))
      .where('id', '=', bc.project.user_id)
      .where('limits_balance', '>=', AI_CONCLUSIONS_COST)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('reports')
      .set({ limits_charged: AI_CONCLUSIONS_COST })
      .where('id', '=', bc.report.id)
      .execute();
    return true;
  });
}

async function refund(bc: BlockContext): Promise<void> {
  await bc.ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('reports')
      .set({ limits_charged: 0 })
      .where('id', '=', bc.report.id)
      .where('limits_charged', '>=', AI_CONCLUSIONS_COST)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return;
    await trx
      .updateTable('users')
      .set((eb) => ({ limits_balance: eb('limits_balance', '+', AI_CONCLUSIONS_COST) }))
      .where('id', '=', bc.project.user_id)
      .execute();
  });
}

const MAX_DATA_CHARS = 12_000;

async function promptFor(bc: BlockContext): Promise<string> {
  const data: Record<string, unknown> = {
    summary: summaryData(await summaryOf(bc, bc.period)),
  };
  if (bc.comparisonPeriod) {
    data.summary_comparison_period = summaryData(await summaryOf(bc, bc.comparisonPeriod));
  }
  for (const [slug, block] of bc.built) {
    if (slug !== 'summary') data[slug] = { main: block.main, comparison: block.comparison };
  }
  const json = JSON.stringify(data).slice(0, MAX_DATA_CHARS);
  const language = bc.language === 'ru' ? 'Russian' : 'English';
  return [
    `You are an analyst of brand visibility in AI assistants' answers. Write in ${language}.`,
    `Brand: ${bc.project.brand}. Site: ${bc.project.domain || 'none'}. Activities: ${bc.project.activities || 'not given'}.`,
    `Report period: ${bc.period.from} to ${bc.period.to}` +
      (bc.comparisonPeriod
        ? `, compared with ${bc.comparisonPeriod.from} to ${bc.comparisonPeriod.to}.`
        : '.'),
    'Visibility is the % of AI answers naming the brand; position is its rank among brands named.',
    'From the data below, write: key findings (facts from the data only, with numbers), one',
    'measurable 90-day goal, and concrete tasks for the next 7, 30 and 90 days. Invent no numbers.',
    `Data (JSON): ${json}`,
  ].join('\n');
}

function disabledMessage(reason: DisabledReason, language: 'en' | 'ru', detail?: string): string {
  const ru = language === 'ru';
  switch (reason) {
    case 'no_analysis_model':
      return ru
        ? 'Модель анализа не выбрана в настройках приложения: блок выключен.'
        : 'No analysis model is set in the app settings: the block is switched off.';
    case 'insufficient_limits':
      return ru
        ? `Недостаточно лимитов: блок стоит ${AI_CONCLUSIONS_COST} лимитов и выключен.`
        : `Not enough limits: the block costs ${AI_CONCLUSIONS_COST} limits and is switched off.`;
    case 'model_error':
      return (
        (ru
          ? 'Модель анализа не ответила, лимиты возвращены'
          : 'The analysis model failed; the limits were refunded') + (detail ? `: ${detail}` : '.')
      );
  }
}
