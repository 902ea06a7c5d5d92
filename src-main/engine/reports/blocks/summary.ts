import { dottedDay } from '../../../../src-shared/time';
import { average, percent, type PeriodFacts } from './answer-facts';
import { periodBlock } from './types';
import type { SummaryData } from '../../../../src-shared/api/reports';

/**
 * `summary`: visibility and tone of brand and site mentions, the share of voice of the brand
 * against its top 5 competitors, and visibility by update. (Adapter: to call the analytics
 * module's buildSummary once it lands.)
 */

export function summarize(facts: PeriodFacts, brand: string): SummaryData {
  const t = { answers: 0, mentions: 0, ps: 0, pn: 0, sm: 0, sps: 0, spn: 0, pos: 0, neu: 0, neg: 0 };
  for (const r of facts.rows) {
    t.answers += r.answers;
    t.mentions += r.mentions;
    t.ps += r.position_sum;
    t.pn += r.positions;
    t.sm += r.site_mentions;
    t.sps += r.site_position_sum;
    t.spn += r.site_positions;
    t.pos += r.positive;
    t.neu += r.neutral;
    t.neg += r.negative;
  }
  const top = facts.competitors.slice(0, 5);
  const voices = t.mentions + top.reduce((s, c) => s + c.answers, 0);
  const chart = facts.updates.map((u) => {
    const rows = facts.rows.filter((r) => r.run_id === u.run_id);
    const answers = rows.reduce((s, r) => s + r.answers, 0);
    return {
      x: dottedDay(u.date),
      visibility: percent(
        rows.reduce((s, r) => s + r.mentions, 0),
        answers,
      ),
      site_visibility: percent(
        rows.reduce((s, r) => s + r.site_mentions, 0),
        answers,
      ),
    };
  });
  return {
    answers_total: t.answers,
    updates: facts.updates.length,
    brand: {
      visibility: percent(t.mentions, t.answers),
      mentions: t.mentions,
      average_position: average(t.ps, t.pn),
    },
    site: { visibility: percent(t.sm, t.answers), mentions: t.sm, average_position: average(t.sps, t.spn) },
    tone: { positive: t.pos, neutral: t.neu, negative: t.neg },
    share_of_voice: [
      { name: brand, is_brand: true, share: percent(t.mentions, voices) },
      ...top.map((c) => ({ name: c.name, is_brand: false, share: percent(c.answers, voices) })),
    ],
    chart,
  };
}

export const summaryBlock = periodBlock('summary', async (bc, period) =>
  summarize(await bc.facts(period), bc.project.brand),
);
