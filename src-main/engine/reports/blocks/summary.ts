import type { SummaryData } from '../../../../src-shared/api/reports';
import { asSeries, summaryOf, type SummaryBody } from './analytics';
import { periodBlock } from './types';

/**
 * `summary`: GET …/summary over the period. Headline figures are those of the period's last
 * update (as the summary screen shows them); the chart is the visibility curve over every
 * update of the period: the `all` series, or the only network's when there is one.
 */
export function summaryData(body: SummaryBody): SummaryData {
  const s = body.data.updateStats;
  const curve = s.visibility_curve.map(asSeries);
  const total = curve[0]?.data ?? [];
  const last = total[total.length - 1];
  const site = s.site_visibility_curve.map(asSeries)[0]?.data ?? [];
  const siteAt = new Map(site.map((p) => [p.x, p.y]));
  const networks = curve.filter((c) => c.label.system_name !== 'all');
  const lastOf = <T>(list: T[]) => list[list.length - 1];
  return {
    updates: total.length,
    last_update: last?.x ?? null,
    brand: { visibility: last?.y ?? 0, mentions: last?.z ?? 0 },
    site: s.site_visibility_curve.length ? { visibility: lastOf(site)?.y ?? 0 } : null,
    tone: s.tone_chart,
    share_of_voice: s.share_of_voice.map((v) => ({
      name: v.label,
      type: v.type,
      share: lastOf(v.data as Array<{ y: number }>)?.y ?? 0,
    })),
    networks: networks.map((c) => ({
      name: c.label.display_name,
      visibility: lastOf(c.data)?.y ?? 0,
      mentions: lastOf(c.data)?.z ?? 0,
    })),
    chart: total.map((p) => ({
      x: p.x,
      visibility: p.y,
      site_visibility: s.site_visibility_curve.length ? (siteAt.get(p.x) ?? 0) : null,
    })),
  };
}

export const summaryBlock = periodBlock('summary', async (bc, period) =>
  summaryData(await summaryOf(bc, period)),
);
