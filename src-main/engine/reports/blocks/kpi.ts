import type { BlockBuilder } from './types';
import type { KpiData } from '../../../../src-shared/api/reports';

/**
 * `kpi`: only what the engine really has. Brand demand is the sum of the prompts' imported
 * frequencies (keyword-frequency service) when any prompt has one; traffic, channels, geography
 * and devices need a web-analytics counter, which the engine does not read yet, so that section
 * says so instead of showing numbers. Nothing here depends on the period: frequencies are
 * monthly figures of the prompts as they are now.
 */

export const kpiBlock: BlockBuilder<'kpi'> = {
  slug: 'kpi',
  async build(bc) {
    const rows = await bc.ctx.db
      .selectFrom('prompts')
      .select(['id', 'value', 'frequency'])
      .where('project_id', '=', bc.project.id)
      .where('deleted_at', 'is', null)
      .where('frequency', 'is not', null)
      .orderBy('frequency', 'desc')
      .execute();
    const ru = bc.language === 'ru';
    const main: KpiData = {
      brand_demand: {
        available: rows.length > 0,
        total_frequency: rows.length ? rows.reduce((s, r) => s + (r.frequency ?? 0), 0) : null,
        prompts_with_frequency: rows.length,
        prompts: rows
          .slice(0, 20)
          .map((r) => ({ prompt_id: r.id, prompt: r.value, frequency: r.frequency ?? 0 })),
        message: rows.length
          ? null
          : ru
            ? 'Частотность запросов не загружена: спрос на бренд неизвестен.'
            : 'No prompt frequencies have been imported: brand demand is unknown.',
      },
      web_analytics: {
        connected: false,
        counter_name: bc.project.analytics_counter_name,
        message: ru
          ? 'Счётчик веб-аналитики не подключён: трафик из нейросетей, каналы, география и устройства недоступны.'
          : 'No analytics counter connected: traffic from neural networks, channels, geography and devices are not available.',
      },
    };
    return { period: bc.period, comparison_period: bc.comparisonPeriod, main, comparison: null };
  },
};
