import { z } from 'zod';
import { sqlFor } from '../db/dialect';
import type { EngineContext } from '../context';
import type { Selectable } from 'kysely';
import type { AnswerRow, AnswerUrlsTable, ProjectRow } from '../db/schema';
import type { Query } from '../validation/query';
import { parseInput } from '../validation/parse-input';
import { invalidField } from '../errors';
import { normalizeHost } from '../settings/domain';
import { scopeFor, sourcesFiltersEcho, type FilterInput, type Scope, type Update } from './filters';
import { domainStats, groupBy, pct, type DomainStat } from './stats';
import type { UrlsMode, VisibilityMove } from '../../../src-shared/enums';
import { favicon, neuralRef, projectHead, x } from './shapes';
import { dictionaryType, SOURCE_TYPES, SOURCE_TYPE_VALUES, type SourceType } from './domain-dictionary';
import { runFacts } from './facts';
import { scopeAnswers } from './filter-where';
import { sourcesHistoryBody } from './answers/sources-history';

/**
 * Sources (api-spec.md "Sources"): the domains AI answers cite. A domain row describes the last
 * update of the period (its URLs, the prompts citing it) with `frequency` = citations at the
 * first and at the last update; `excludedTableData` are domains cited at the first update and
 * no longer at the last. Charts run over every update of the period.
 */

export const DEFAULT_SOURCES_PER_PAGE = 20;
export const DEFAULT_URLS_COUNT = 100000;
/** Domains in `domainChartData`. */
export const DOMAIN_CHART_TOP = 10;

interface DomainType {
  type: SourceType;
  forced: boolean;
}

const typeItem = (t: SourceType) => ({ value: t, ...SOURCE_TYPES[t] });

function ownHosts(project: ProjectRow): string[] {
  return [project.domain, ...(project.domain_aliases ?? '').split(/\s+/)]
    .map((h) => normalizeHost(h))
    .filter(Boolean);
}

function isOwn(project: ProjectRow, domain: string): boolean {
  const include = project.sources_include_subdomains === 1;
  return ownHosts(project).some((h) => domain === h || (include && domain.endsWith(`.${h}`)));
}

/** Type of each domain: own site, then the shipped dictionary (forced), then the project's choice, then the global one. */
export async function domainTypes(ctx: EngineContext, project: ProjectRow, domains: string[]) {
  const overrides = domains.length
    ? await ctx.db
        .selectFrom('domain_types')
        .select(['project_id', 'domain', 'type'])
        .where('project_id', 'in', [0, project.id])
        .where('domain', 'in', domains)
        .execute()
    : [];
  const result = new Map<string, DomainType>();
  for (const d of domains) {
    const dict = dictionaryType(d);
    const mine = overrides.find((o) => o.domain === d && o.project_id === project.id);
    const global = overrides.find((o) => o.domain === d && o.project_id === 0);
    let type: DomainType;
    if (isOwn(project, d)) type = { type: 'own', forced: false };
    else if (dict) type = { type: dict, forced: true };
    else if (mine) type = { type: mine.type as SourceType, forced: false };
    else if (global) type = { type: global.type as SourceType, forced: true };
    else type = { type: 'other', forced: false };
    result.set(d, type);
  }
  return result;
}

type Citation = Pick<AnswerRow, 'run_id' | 'prompt_id'> & Pick<Selectable<AnswerUrlsTable>, 'url' | 'domain'>;

/** URLs cited at some updates for some domains, under the prompt and mention filters. */
async function citations(
  ctx: EngineContext,
  scope: Scope,
  runIds: number[],
  domains: string[],
): Promise<Citation[]> {
  const nids = scope.neurals.map((n) => n.id);
  if (!runIds.length || !domains.length || !nids.length || !scope.prompts.length) return [];
  return (
    ctx.db
      .selectFrom('answer_urls as u')
      .innerJoin('answers', 'answers.id', 'u.answer_id')
      .select(['answers.run_id', 'answers.prompt_id', 'u.url', 'u.domain'])
      .where(scopeAnswers(scope, { runIds, neuralIds: nids, mention: scope.filters.mention_filter }))
      // Unary plus keeps SQLite off the domain index: reading the two updates' answers and their
      // URLs by answer id is far cheaper than every citation of a domain over a year.
      .where(sqlFor(ctx.db).noIndex('u.domain'), 'in', domains)
      .execute()
  );
}

/** Laravel-style paginator links `{url, label, active}`. */
export function paginationLinks(baseUrl: string, page: number, lastPage: number) {
  const link = (p: number) => {
    const u = new URL(baseUrl, 'http://x');
    u.searchParams.set('page', String(p));
    return baseUrl.startsWith('http') ? u.toString() : `${u.pathname}${u.search}`;
  };
  const links: Array<{ url: string | null; label: string; active: boolean }> = [
    { url: page > 1 ? link(page - 1) : null, label: '&laquo; Previous', active: false },
  ];
  const shown = new Set<number>([1, lastPage]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= lastPage) shown.add(p);
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous > 1) links.push({ url: null, label: '...', active: false });
    links.push({ url: link(p), label: String(p), active: p === page });
    previous = p;
  }
  links.push({ url: page < lastPage ? link(page + 1) : null, label: 'Next &raquo;', active: false });
  return links;
}

interface SourcesOptions {
  /** The request's URL, for paginator links; reports pass none (relative links). */
  url?: string;
  /** The deprecated endpoint lists every domain on one page. */
  unpaginated?: boolean;
}

/** Citations per update and domain (summed over networks), under `urls_mode`. */
type CitationCounts = Map<number, Map<string, number>>;

/** One pass over the period's domain stats: citations by update and domain, own or external only when asked. */
function citationCounts(project: ProjectRow, stats: DomainStat[], mode: UrlsMode): CitationCounts {
  const own = new Map<string, boolean>();
  const ownDomain = (d: string) => own.get(d) ?? own.set(d, isOwn(project, d)).get(d)!;
  const kept = mode === 'all' ? stats : stats.filter((s) => (mode === 'own') === ownDomain(s.domain));
  const byRunDomain: CitationCounts = new Map();
  for (const s of kept) {
    const map = byRunDomain.get(s.run_id) ?? byRunDomain.set(s.run_id, new Map()).get(s.run_id)!;
    map.set(s.domain, (map.get(s.domain) ?? 0) + s.citations);
  }
  return byRunDomain;
}

/**
 * The domains of the table (cited at the last update) and of the excluded table (cited at the
 * first and not the last), most cited first, under `visibility` (the movement between the two).
 */
function domainLists(
  counts: CitationCounts,
  first: Update | undefined,
  last: Update | undefined,
  visibility: VisibilityMove | undefined,
) {
  const citationsAt = (run: Update | undefined) =>
    (run === undefined ? undefined : counts.get(run.id)) ?? new Map<string, number>();
  const atFirst = citationsAt(first);
  const atLast = citationsAt(last);
  const frequency = (d: string) => {
    const a = atFirst.get(d) ?? 0;
    const b = atLast.get(d) ?? 0;
    return { first: a, last: b, delta: b - a };
  };
  const byMovement = (d: string) => {
    const delta = frequency(d).delta;
    return !visibility || (visibility === 'up' ? delta > 0 : delta < 0);
  };
  const current = [...atLast.keys()]
    .filter(byMovement)
    .sort((a, b) => (atLast.get(b) ?? 0) - (atLast.get(a) ?? 0) || a.localeCompare(b));
  const excluded = [...atFirst.keys()]
    .filter((d) => !atLast.has(d))
    .filter(byMovement)
    .sort((a, b) => (atFirst.get(b) ?? 0) - (atFirst.get(a) ?? 0) || a.localeCompare(b));
  return { current, excluded, frequency };
}

/**
 * Makes the domain rows: each with its URLs at one update (`at`) and the prompts citing them.
 * `urls_count` is one budget over every row, spent in the order the rows are made.
 */
function domainRows(
  ctx: EngineContext,
  scope: Scope,
  detail: Citation[],
  types: Map<string, DomainType>,
  frequency: (domain: string) => { first: number; last: number; delta: number },
) {
  const first = scope.updates[0];
  const last = scope.updates[scope.updates.length - 1];
  const detailByDomain = groupBy(detail, (c) => c.domain);
  const promptValue = new Map(scope.prompts.map((p) => [p.id, p.value]));
  let budget = scope.filters.urls_count ?? DEFAULT_URLS_COUNT;
  return (domain: string, at: number | undefined) => {
    const type = types.get(domain) ?? { type: 'other' as SourceType, forced: false };
    const mine = detailByDomain.get(domain) ?? [];
    const promptsAt = [...new Set(mine.filter((c) => c.run_id === at).map((c) => c.prompt_id))].sort(
      (a, b) => a - b,
    );
    const byUrl = groupBy(mine, (c) => c.url);
    const urls = [...byUrl.entries()]
      .map(([url, list]) => {
        const a = list.filter((c) => c.run_id === first?.id).length;
        const b = list.filter((c) => c.run_id === last?.id).length;
        return { url, list, first: a, last: b };
      })
      .filter((u) => u.list.some((c) => c.run_id === at))
      .sort((p, q) => q.last - p.last || q.first - p.first || p.url.localeCompare(q.url));
    const shownUrls = urls.slice(0, Math.max(0, budget));
    budget -= shownUrls.length;
    return {
      domain,
      favicon: favicon(ctx, domain),
      sources_count: urls.length,
      dominant_type: typeItem(type.type),
      is_admin_forced: type.forced,
      prompts_count: promptsAt.length,
      prompts: promptsAt.map((id) => ({ id, value: promptValue.get(id) ?? '' })),
      frequency: frequency(domain),
      urls: shownUrls.map((u) => ({
        source: {
          id: u.url,
          url: u.url,
          name: u.url.replace(/^https?:\/\//, ''),
          domain,
          type: { value: type.type, label: SOURCE_TYPES[type.type].label },
          is_admin_forced: type.forced,
          favicon: favicon(ctx, domain),
        },
        frequency: { first: u.first, last: u.last, delta: u.last - u.first },
        prompts: [...new Set(u.list.filter((c) => c.run_id === at).map((c) => c.prompt_id))]
          .sort((a, b) => a - b)
          .map((id) => ({ id, value: promptValue.get(id) ?? '' })),
      })),
    };
  };
}

/** Share of each source type in each update's citations (`z`: the citations), types never cited left out. */
function typeChart(scope: Scope, counts: CitationCounts, types: Map<string, DomainType>) {
  // Citations by update and source type, and each update's total, in one pass.
  const byRunType = new Map<number, { total: number; byType: Map<SourceType, number> }>();
  for (const [runId, domains] of counts) {
    const entry = { total: 0, byType: new Map<SourceType, number>() };
    for (const [domain, n] of domains) {
      entry.total += n;
      const type = types.get(domain)?.type;
      if (type) entry.byType.set(type, (entry.byType.get(type) ?? 0) + n);
    }
    byRunType.set(runId, entry);
  }
  return SOURCE_TYPE_VALUES.map((type) => ({
    id: type,
    label: SOURCE_TYPES[type].label,
    data: scope.updates.map((u) => {
      const entry = byRunType.get(u.id);
      const mine = entry?.byType.get(type) ?? 0;
      return { x: x(u), y: pct(mine, entry?.total ?? 0), z: mine };
    }),
  })).filter((series) => series.data.some((p) => p.z > 0));
}

/** Citations of the most cited domains at each update. */
function domainChart(scope: Scope, counts: CitationCounts, current: string[]) {
  return current.slice(0, DOMAIN_CHART_TOP).map((domain) => ({
    id: domain,
    label: domain,
    data: scope.updates.map((u) => ({ x: x(u), y: counts.get(u.id)?.get(domain) ?? 0 })),
  }));
}

export async function sourcesBody(ctx: EngineContext, scope: Scope, options: SourcesOptions = {}) {
  const f = scope.filters;
  const project = scope.project;
  const first = scope.updates[0];
  const last = scope.updates[scope.updates.length - 1];
  const mode = f.urls_mode ?? 'all';
  const stats = await domainStats(
    ctx,
    scope,
    scope.updates.map((u) => u.id),
    f.mention_filter,
  );
  const counts = citationCounts(project, stats, mode);
  const { current, excluded, frequency } = domainLists(counts, first, last, f.visibility);

  const perPage = options.unpaginated
    ? Math.max(current.length, 1)
    : (f.per_page ?? DEFAULT_SOURCES_PER_PAGE);
  const page = options.unpaginated ? 1 : (f.page ?? 1);
  const lastPage = Math.max(1, Math.ceil(current.length / perPage));
  const pageDomains = current.slice((page - 1) * perPage, page * perPage);

  const allDomains = [...new Set([...counts.values()].flatMap((m) => [...m.keys()]))];
  const types = await domainTypes(ctx, project, allDomains);
  const detail = await citations(
    ctx,
    scope,
    [first?.id, last?.id].filter((v): v is number => v !== undefined),
    [...pageDomains, ...excluded],
  );
  const row = domainRows(ctx, scope, detail, types, frequency);

  const base = options.url ?? `/api/projects/${project.id}/sources/list`;
  return {
    filters: { ...sourcesFiltersEcho(scope), urls_count: f.urls_count ?? DEFAULT_URLS_COUNT },
    page,
    per_page: perPage,
    total: current.length,
    has_more: page < lastPage,
    pagination: paginationLinks(base, page, lastPage),
    // rows in this order: the URL budget goes to the table first
    tableData: pageDomains.map((d) => row(d, last?.id)),
    excludedTableData: excluded.map((d) => row(d, first?.id)),
    excludedPagination: paginationLinks(base, 1, 1),
    totalExcluded: excluded.length,
    chartData: typeChart(scope, counts, types),
    domainChartData: domainChart(scope, counts, current),
  };
}

/** GET /api/projects/{project}/sources/list */
export async function buildSourcesList(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
  url?: string,
) {
  const scope = await scopeFor(ctx, project, input, 'sources_list', { sourcesOnly: true });
  return { project: projectHead(project), ...(await sourcesBody(ctx, scope, { url })) };
}

/** GET /api/projects/{project}/sources (deprecated): three tabs, every domain on one page. */
export async function buildSourcesLegacy(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
) {
  const scope = await scopeFor(ctx, project, { ...input, page: undefined, per_page: undefined }, 'sources', {
    sourcesOnly: true,
  });
  const body = await sourcesBody(ctx, scope, { unpaginated: true });
  const history = await sourcesHistoryBody(ctx, scope);
  // The legacy site tab uses the project's last update whatever the date filter says.
  const lastUpdate = scope.allUpdates[scope.allUpdates.length - 1];
  const facts = lastUpdate ? await runFacts(ctx, scope, [lastUpdate.id]) : [];
  return {
    project: projectHead(project),
    filters: body.filters,
    data: {
      visibility: {
        tableData: scope.prompts.map((p) => ({
          prompt: { id: p.id, value: p.value },
          data: scope.neurals.map((n) => {
            const a = facts.find((ff) => ff.prompt_id === p.id && ff.neural_id === n.id);
            return {
              neural: neuralRef(n),
              site_mentioned: a?.site_mentioned === 1,
              site_position: a?.site_position ?? null,
            };
          }),
        })),
      },
      sources: {
        tableData: body.tableData,
        excludedTableData: body.excludedTableData,
        chartData: body.chartData,
        domainChartData: body.domainChartData,
      },
      history: { tableData: history.tableData },
    },
    deprecation: {
      successors: [
        `/api/projects/${project.id}/sources/list`,
        `/api/projects/${project.id}/answers/sources-history`,
        `/api/projects/${project.id}/answers/visibility`,
      ],
    },
  };
}

const domainTypeSchema = z.object({
  domain: z.string().trim().min(1).max(253),
  type: z.enum(SOURCE_TYPE_VALUES as [SourceType, ...SourceType[]]),
});

/** PUT /api/projects/{project}/sources/domain-type {domain, type} (extension). */
export async function setDomainType(ctx: EngineContext, project: ProjectRow, body: unknown) {
  const input = parseInput(domainTypeSchema, body);
  const domain = normalizeHost(input.domain);
  if (!domain) throw invalidField('domain', 'The domain field is required.');
  if ((await domainTypes(ctx, project, [domain])).get(domain)!.forced) {
    throw invalidField('domain', 'The type of this domain is set by the service and cannot be changed.');
  }
  await ctx.db
    .insertInto('domain_types')
    .values({ project_id: project.id, domain, type: input.type })
    .onConflict((oc) => oc.columns(['project_id', 'domain']).doUpdateSet({ type: input.type }))
    .execute();
  const resolved = (await domainTypes(ctx, project, [domain])).get(domain)!;
  return {
    data: {
      domain,
      type: { value: resolved.type, label: SOURCE_TYPES[resolved.type].label },
      is_admin_forced: resolved.forced,
    },
  };
}
