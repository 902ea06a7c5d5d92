import type { SourcesData } from '../../../../src-shared/api/reports';
import { buildSourcesList } from '../../analytics/sources';
import { periodFilters } from './analytics';
import { periodBlock } from './types';

/** Domains in the block: the first page of the endpoint. */
export const REPORT_DOMAINS = 20;
export const REPORT_URLS = 20;
export const REPORT_EXCLUDED_DOMAINS = 10;

/**
 * `sources`: the first page of GET …/sources/list over the period (networks that return sources):
 * the most cited domains at the last update with their type and the change in citations since
 * the first update, the most cited of their pages, the share of each source type at the last
 * update, and the domains no longer cited.
 */
export const sourcesBlock = periodBlock('sources', async (bc, period): Promise<SourcesData> => {
  const body = await buildSourcesList(
    bc.ctx,
    bc.project,
    periodFilters(period, { per_page: REPORT_DOMAINS }),
  );
  const urls = body.tableData
    .flatMap((d) => d.urls.map((u) => ({ url: u.source.url, domain: d.domain, citations: u.frequency.last })))
    .sort((a, b) => b.citations - a.citations || a.url.localeCompare(b.url))
    .slice(0, REPORT_URLS);
  return {
    total_domains: body.total,
    domains: body.tableData.map((d) => ({
      domain: d.domain,
      type: d.dominant_type.value,
      type_label: d.dominant_type.label,
      own: d.dominant_type.value === 'own',
      citations: d.frequency.last,
      citations_change: d.frequency.delta,
      pages: d.sources_count,
      prompts: d.prompts_count,
    })),
    urls,
    types: body.chartData.map((s) => {
      const last = s.data[s.data.length - 1];
      return { type: s.id, label: s.label, share: last?.y ?? 0, citations: last?.z ?? 0 };
    }),
    excluded: body.excludedTableData
      .slice(0, REPORT_EXCLUDED_DOMAINS)
      .map((d) => ({ domain: d.domain, citations_first: d.frequency.first })),
  };
});
