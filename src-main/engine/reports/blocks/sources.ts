import { percent } from './answer-facts';
import { periodBlock } from './types';
import type { SourcesData } from '../../../../src-shared/api/reports';

/**
 * `sources`: the domains and pages the answers cite most (top 20 each), with the share of
 * counted answers citing them; `own` marks the project's site. (Adapter: to call the analytics
 * module's sources builder once it lands.)
 */

export const sourcesBlock = periodBlock('sources', async (bc, period): Promise<SourcesData> => {
  const facts = await bc.facts(period);
  const total = facts.rows.reduce((s, r) => s + r.answers, 0);
  const own = [bc.project.domain, ...(bc.project.domain_aliases ?? '').split(',')]
    .map((d) =>
      d
        .trim()
        .toLowerCase()
        .replace(/^www\./, ''),
    )
    .filter(Boolean);
  return {
    answers_total: total,
    domains: facts.domains.map((d) => ({
      domain: d.domain,
      own: own.includes(d.domain.toLowerCase()),
      answers: d.answers,
      urls: d.urls,
      share: percent(d.answers, total),
    })),
    urls: facts.urls,
  };
});
