import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type {
  AnswersVisibilityResponse,
  CompetitorRow,
  CompetitorsResponse,
  DomainRow,
  Point,
  SourcesListResponse,
  SummaryResponse,
  VisibilityChange,
} from '../../src-shared/api/analytics';
import type { ProjectFilters } from '../../src-shared/api/core';
import type { Api } from './api';
import { guarded, toolResult } from './results';
import { baseFilters, mentionFilter, movement, tone } from './schemas';
import { answerExcerpts, markedExcerpt } from './excerpts';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

type Filters = { project_id: number; dates?: string[]; neurals?: number[]; groups?: number[] };
const baseQuery = (f: Filters) => ({ dates: f.dates, neurals: f.neurals, groups: f.groups });

/** The last two points of a series: the latest update's figure and its change since the one before. */
function lastChange(points: Point[]) {
  const last = points[points.length - 1];
  const previous = points[points.length - 2];
  return {
    date: last?.x ?? null,
    value: last ? last.y : null,
    previous_date: previous?.x ?? null,
    previous: previous ? previous.y : null,
    change: last && previous ? round(last.y - previous.y) : null,
  };
}

/**
 * The API keeps the spec's Russian labels for its synthetic series; clients translate by value
 * (docs/api.md "Labels"). An assistant reads English names, so the digests do the same.
 */
const networkName = (label: { system_name: string; display_name: string }) =>
  label.system_name === 'all' ? 'All networks' : label.display_name;
const brandName = (series: { type: string; label: string }) =>
  series.type === 'other' ? 'Other competitors' : series.label;

const round = (n: number) => Math.round(n * 100) / 100;
const pct = (n: number | null) => (n === null ? 'n/a' : `${n}%`);
const signed = (n: number | null, unit = ' pp') => (n === null ? '' : ` (${n > 0 ? '+' : ''}${n}${unit})`);

/**
 * A compact summary of GET …/summary: what an assistant needs to brief, not the UI's charts;
 * with the project's networks and groups from GET …/filters, whose ids the other tools take.
 */
export function summaryDigest(body: SummaryResponse, filters: ProjectFilters) {
  const networkId = new Map(filters.neurals.map((n) => [n.system_name, n.id]));
  const stats = body.data.updateStats;
  const p = body.project as SummaryResponse['project'] & { name: string; brand: string; domain: string };
  return {
    project: {
      id: p.id,
      name: p.name,
      brand: p.brand,
      domain: p.domain,
      language: p.language,
      prompts_count: p.prompts_count,
    },
    filters: body.filters,
    networks: filters.neurals,
    groups: filters.groups.map(({ id, name, prompts_count }) => ({ id, name, prompts_count })),
    update_dates: filters.update_dates,
    last_update_date: body.lastUpdateDate,
    visibility: stats.visibility_curve.map((s) => ({
      network: s.label.system_name,
      network_id: networkId.get(s.label.system_name) ?? null,
      display_name: networkName(s.label),
      ...lastChange(s.data),
      mentions: (s.data[s.data.length - 1]?.z as number | undefined) ?? null,
    })),
    site_visibility: stats.site_visibility_curve.map((s) => ({
      network: s.label.system_name,
      network_id: networkId.get(s.label.system_name) ?? null,
      display_name: networkName(s.label),
      ...lastChange(s.data),
    })),
    // Is the brand's change between the last two updates real (paired McNemar test) or noise.
    visibility_change: stats.visibility_change ?? null,
    tone: stats.tone_chart,
    share_of_voice: stats.share_of_voice.map((s) => ({
      id: s.id,
      name: brandName(s),
      type: s.type,
      ...lastChange(s.data),
    })),
    top_competitors: stats.competitors.table.map(competitorDigest),
    top_prompts: stats.topPrompts,
    events: body.events.slice(0, 5).map(({ type, message, created_at }) => ({ type, message, created_at })),
  };
}

function competitorDigest(row: CompetitorRow) {
  return {
    id: row.id,
    name: row.competitor.name,
    type: row.competitor.type,
    visibility: {
      first: row.visibility.first,
      last: row.visibility.last,
      delta: row.visibility.delta,
      significant: row.visibility.change_test?.significant ?? null,
      p_value: row.visibility.change_test?.p_value ?? null,
    },
    mentions: row.mentions,
    share_of_voice: row.share_of_voice,
    tone: row.tone,
    also_named: row.members.map((m) => m.name),
  };
}

/** Whether the brand's change over the selected networks is real: the test behind the delta. */
function changeLine(c: VisibilityChange): string {
  const verdict = c.significant ? 'a real change' : 'within noise';
  return `Change ${c.date1} → ${c.date2}: ${signed(c.delta).trim()} is ${verdict} (${c.pairs} paired answers, ${c.gained} gained, ${c.lost} lost, p = ${c.p_value.toPrecision(2)}).`;
}

function summaryText(d: ReturnType<typeof summaryDigest>): string {
  const all = d.visibility[0];
  const lines = [
    `${d.project.brand} (${d.project.name}), ${d.filters.dates.join(' to ')}, last update ${all?.date ?? 'none'}.`,
    ...d.visibility.map((v) => `Visibility ${v.display_name}: ${pct(v.value)}${signed(v.change)}.`),
    ...(d.visibility_change ? [changeLine(d.visibility_change)] : []),
    `Tone of mentions: ${d.tone.positive}% positive, ${d.tone.neutral}% neutral, ${d.tone.negative}% negative.`,
    `Share of voice: ${d.share_of_voice.map((s) => `${s.name} ${pct(s.value)}`).join(', ')}.`,
  ];
  if (d.top_prompts.up.length)
    lines.push(`Rising: ${d.top_prompts.up.map((p) => `"${p.prompt}" ${signed(p.dynamic)}`).join('; ')}.`);
  if (d.top_prompts.down.length)
    lines.push(`Falling: ${d.top_prompts.down.map((p) => `"${p.prompt}" ${signed(p.dynamic)}`).join('; ')}.`);
  return lines.join('\n');
}

export async function getSummary(api: Api, f: Filters) {
  const body = await api<SummaryResponse>({
    method: 'GET',
    path: `/api/projects/${f.project_id}/summary`,
    query: baseQuery(f),
  });
  const filters = await api<ProjectFilters>({ method: 'GET', path: `/api/projects/${f.project_id}/filters` });
  const digest = summaryDigest(body, filters);
  return { digest, text: summaryText(digest) };
}

function competitorsText(rows: ReturnType<typeof competitorDigest>[]): string {
  if (rows.length === 0) return 'No competitor is named at the last update of the period.';
  return rows
    .map(
      (r) =>
        `${r.name}${r.type === 'own' ? ' (own brand)' : ''}: visibility ${pct(r.visibility.last)}${signed(r.visibility.delta)}, ${r.mentions} mentions, share of voice ${pct(r.share_of_voice.last)}`,
    )
    .join('\n');
}

/** One network's answer to one prompt, cut to excerpts around the brand and competitor spans. */
function answerDigest(
  prompt: AnswersVisibilityResponse['tableData']['rows'][number]['prompt'],
  cell: AnswersVisibilityResponse['tableData']['rows'][number]['data'][number],
) {
  const { excerpts, spans_total } = cell.answer
    ? answerExcerpts(cell.answer, cell.evidence)
    : { excerpts: [], spans_total: 0 };
  return {
    prompt_id: prompt.id,
    prompt: prompt.value,
    network: {
      id: cell.neural.id,
      system_name: cell.neural.system_name,
      display_name: cell.neural.display_name,
    },
    update_id: cell.update_id,
    has_answer: cell.answer !== null,
    mention: cell.mention,
    mention_position: cell.mention_position,
    tone: cell.tone,
    occurrences: cell.occurrences,
    competitors: cell.competitors,
    site_mentioned: cell.site_mentioned,
    site_position: cell.site_position,
    urls: cell.urls.map(({ url, domain, position }) => ({ url, domain, position })),
    comment: cell.comment,
    answer_length: cell.answer?.length ?? 0,
    excerpts,
    spans_total,
  };
}

/** The read-only analytics tools, one function each (registration order = the order clients list them). */
export function registerAnalyticsTools(server: McpServer, api: Api): void {
  registerGetSummaryTool(server, api);
  registerGetCompetitorsTool(server, api);
  registerSearchAnswersTool(server, api);
  registerGetSourcesTool(server, api);
}

function registerGetSummaryTool(server: McpServer, api: Api): void {
  server.registerTool(
    'get_summary',
    {
      title: 'Brand visibility summary',
      description:
        "Visibility of the brand in AI answers (overall and per network) at the last update of the period and its change since the update before, site citations, tone of mentions, share of voice against the top competitors, and the prompts moving most. Same figures as the dashboard. Also lists the project's networks, prompt groups and update dates, for the other tools' filters.",
      inputSchema: baseFilters,
      annotations: READ_ONLY,
    },
    (f) =>
      guarded(async () => {
        const { digest, text } = await getSummary(api, f);
        return toolResult(digest, text);
      }),
  );
}

function registerGetCompetitorsTool(server: McpServer, api: Api): void {
  server.registerTool(
    'get_competitors',
    {
      title: 'Competitors',
      description:
        'Brands the AI answers name besides the project brand: visibility (first and last update of the period, change), mentions and share of voice per brand, sorted by last-update visibility; `dropped` lists those that vanished in the period.',
      inputSchema: {
        ...baseFilters,
        type: z
          .enum(['brand', 'competitor'])
          .optional()
          .describe('brand: the own brand only; competitor: the others.'),
        search: z.string().max(200).optional().describe('Part of a competitor name.'),
        metrics: z.enum(['visibility', 'mentions', 'share_of_voice']).optional(),
        metricsAction: z
          .enum(['up', 'down', 'zero'])
          .optional()
          .describe('With metrics: keep brands whose metric rose, fell or did not change.'),
        competitors_count: z.number().int().positive().optional().describe('Keep this many competitors.'),
      },
      annotations: READ_ONLY,
    },
    (f) =>
      guarded(async () => {
        const body = await api<CompetitorsResponse>({
          method: 'GET',
          path: `/api/projects/${f.project_id}/competitors`,
          query: {
            ...baseQuery(f),
            type: f.type,
            search: f.search,
            metrics: f.metrics,
            metricsAction: f.metricsAction,
            competitors_count: f.competitors_count,
          },
        });
        const rows = body.data.tableData.map(competitorDigest);
        return toolResult(
          {
            filters: body.filters,
            first_update_date: body.data.firstUpdateDate,
            last_update_date: body.data.lastUpdateDate,
            competitors: rows,
            dropped: body.data.excludedTableData.map(competitorDigest),
          },
          competitorsText(rows),
        );
      }),
  );
}

function registerSearchAnswersTool(server: McpServer, api: Api): void {
  server.registerTool(
    'search_answers',
    {
      title: 'Search AI answers',
      description:
        'The AI answers of the last update of the period, per prompt and network: whether and where the brand is named, tone, competitors named, cited URLs, and excerpts around each place the brand (`kind: brand`) or a competitor (`kind: competitor`) is named, with offsets. Paged: pass `next_cursor` back as `cursor` while `has_more` is true.',
      inputSchema: {
        ...baseFilters,
        prompt: z.string().max(500).optional().describe('Part of the prompt text (case-insensitive).'),
        mention: mentionFilter
          .optional()
          .describe('has: some network names the brand; not: none does; has_source: some cites the site.'),
        tone: tone.optional().describe('At least one mention in this tone.'),
        visibility: movement.optional().describe("The prompt's visibility rose (up) or fell (down)."),
        sortField: z.enum(['frequency_sort', 'visibility_sort', 'value_sort', 'created_sort']).optional(),
        sortOrder: z.enum(['asc', 'desc']).optional(),
        per_page: z.number().int().optional().describe('Prompts per page, 1 to 200 (default 50).'),
        cursor: z.string().optional().describe('`next_cursor` of the previous page, with the same filters.'),
      },
      annotations: READ_ONLY,
    },
    (f) =>
      guarded(async () => {
        const body = await api<AnswersVisibilityResponse>({
          method: 'GET',
          path: `/api/projects/${f.project_id}/answers/visibility`,
          query: {
            ...baseQuery(f),
            prompt: f.prompt,
            mention: f.mention,
            tone: f.tone,
            visibility: f.visibility,
            sortField: f.sortField,
            sortOrder: f.sortOrder,
            per_page: f.per_page,
            cursor: f.cursor,
          },
        });
        const answers = body.tableData.rows.flatMap((row) =>
          row.data.map((cell) => answerDigest(row.prompt, cell)),
        );
        const prompts = body.tableData.rows.map((r) => ({
          id: r.prompt.id,
          value: r.prompt.value,
          groups: r.prompt.groups,
          visibility: r.prompt.visibility,
          dynamic: r.prompt.dynamic,
        }));
        const text = [
          `${body.total_prompts} prompts match (${body.total_mentions} brand mentions); this page: ${prompts.length} prompts.${body.has_more ? ' More: call again with cursor = next_cursor.' : ''}`,
          ...answers
            .filter((a) => a.has_answer)
            .slice(0, 30)
            .map(
              (a) =>
                `- "${a.prompt}" / ${a.network.display_name}: ${a.mention ? `brand #${a.mention_position ?? '?'}, ${a.tone ?? 'no'} tone` : 'brand not named'}${a.excerpts[0] ? `: ${markedExcerpt(a.excerpts[0], a.answer_length)}` : ''}`,
            ),
        ].join('\n');
        return toolResult(
          {
            filters: body.filters,
            total_prompts: body.total_prompts,
            total_mentions: body.total_mentions,
            has_more: body.has_more,
            next_cursor: body.next_cursor,
            prompts,
            answers,
          },
          text,
        );
      }),
  );
}

/** get_sources: the filters of the Sources screen, plus paging. */
const SOURCES_INPUT = {
  ...baseFilters,
  prompt_search: z.string().max(500).optional().describe('Part of the prompt text.'),
  mention_filter: mentionFilter
    .optional()
    .describe(
      'Citations from answers that name the brand (has), do not (not) or cite the site (has_source).',
    ),
  urls_mode: z
    .enum(['all', 'own', 'external'])
    .optional()
    .describe('own: the project site only; external: the others.'),
  urls_count: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('URLs in the response at most (default 100000).'),
  min_frequency: z.number().int().nonnegative().optional(),
  visibility: movement.optional().describe('Domains whose citations rose (up) or fell (down).'),
  page: z.number().int().positive().optional().describe('Page of domains (default 1).'),
  per_page: z.number().int().optional().describe('Domains per page, 5 to 100 (default 20).'),
};

function registerGetSourcesTool(server: McpServer, api: Api): void {
  server.registerTool(
    'get_sources',
    {
      title: 'Cited sources',
      description:
        "Domains and pages the AI answers cite at the last update of the period (networks that return sources), with their type, citations at the first and last update and the prompts citing them, plus the project site's place among the cited domains. Paged by page number: `page`, `per_page` (5 to 100).",
      inputSchema: SOURCES_INPUT,
      annotations: READ_ONLY,
    },
    (f) =>
      guarded(async () => {
        const query = {
          ...baseQuery(f),
          prompt_search: f.prompt_search,
          mention_filter: f.mention_filter,
          min_frequency: f.min_frequency,
          visibility: f.visibility,
        };
        const path = `/api/projects/${f.project_id}/sources/list`;
        const body = await api<SourcesListResponse>({
          method: 'GET',
          path,
          query: {
            ...query,
            urls_mode: f.urls_mode,
            urls_count: f.urls_count,
            page: f.page,
            per_page: f.per_page,
          },
        });
        // The site's own rows, wherever they rank: the same filters, own URLs only.
        const own = await api<SourcesListResponse>({
          method: 'GET',
          path,
          query: { ...query, urls_mode: 'own', per_page: 100 },
        });
        const offset = (body.page - 1) * body.per_page;
        const site = own.tableData.map((row) => {
          const index = body.tableData.findIndex((r) => r.domain === row.domain);
          return {
            domain: row.domain,
            rank: index >= 0 ? offset + index + 1 : null,
            citations: row.frequency,
            urls: row.urls.map((u) => ({ url: u.source.url, citations: u.frequency })),
            prompts_count: row.prompts_count,
          };
        });
        const domains = body.tableData.map(domainDigest);
        const lines = [
          `${body.total} cited domains; page ${body.page} (${domains.length}).${body.has_more ? ' More: call again with page + 1.' : ''}`,
          ...domains.map(
            (d, i) =>
              `${offset + i + 1}. ${d.domain} (${d.type}): ${d.citations.last} citations${signed(d.citations.delta, '')}, ${d.prompts_count} prompts`,
          ),
          site.length
            ? `Project site: ${site.map((s) => `${s.domain} ${s.rank ? `#${s.rank}` : '(not on this page)'}, ${s.citations.last} citations${signed(s.citations.delta, '')}`).join('; ')}.`
            : 'The project site is not cited at the last update of the period.',
        ];
        return toolResult(
          {
            filters: body.filters,
            page: body.page,
            per_page: body.per_page,
            total: body.total,
            has_more: body.has_more,
            domains,
            dropped_domains: body.excludedTableData.map(domainDigest),
            site,
          },
          lines.join('\n'),
        );
      }),
  );
}

function domainDigest(row: DomainRow) {
  return {
    domain: row.domain,
    type: row.dominant_type.value,
    citations: row.frequency,
    sources_count: row.sources_count,
    prompts_count: row.prompts_count,
    prompts: row.prompts.slice(0, 10),
    urls: row.urls.map((u) => ({ url: u.source.url, type: u.source.type.value, citations: u.frequency })),
  };
}
