import type { EngineContext } from '../../context';
import type { SourcesHistoryResponse } from '../../../../src-shared/api/analytics';
import type { ProjectRow } from '../../db/schema';
import type { Query } from '../../validation/query';
import { scopeFor, sourcesFiltersEcho, type FilterInput, type Scope } from '../filters';
import {
  bestPosition,
  positionDynamic,
  mentionNeurals,
  siteHistories,
  type SiteCells,
  type SiteHistory,
} from '../facts';
import { neuralRef, projectHead } from '../shapes';
import { keepsPrompt } from '../filter-where';
import { jsonByteTexts, jsonBytes, jsonObject, type JsonPieces } from '../../json-pieces';

type SourcesHistoryRow = SourcesHistoryResponse['tableData']['data'][number];
/** The response but `project`, its rows writing their own JSON. */
type SourcesHistoryBody = Omit<SourcesHistoryResponse, 'project' | 'tableData'> & {
  tableData: Omit<SourcesHistoryResponse['tableData'], 'data'> & {
    data: Array<JsonPieces<SourcesHistoryRow>>;
  };
};

/**
 * GET /api/projects/{project}/answers/sources-history: the project site's place in the sources,
 * by update date, for networks that return sources. Not paginated. Takes the Sources filters.
 * Its rows write their own JSON as the body is sent (json-pieces.ts): 12 MB at a year of data.
 */
export async function buildSourcesHistory(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
): Promise<SourcesHistoryBody & Pick<SourcesHistoryResponse, 'project'>> {
  const scope = await scopeFor(ctx, project, input, 'sources', { sourcesOnly: true });
  return { project: projectHead(project), ...(await sourcesHistoryBody(ctx, scope)) };
}

export async function sourcesHistoryBody(ctx: EngineContext, scope: Scope): Promise<SourcesHistoryBody> {
  const f = scope.filters;
  const last = scope.updates[scope.updates.length - 1];
  const prev = scope.updates[scope.updates.length - 2];
  const nids = scope.neurals.map((n) => n.id);
  const [histories, mentions] = await Promise.all([
    siteHistories(
      ctx,
      scope,
      scope.prompts.map((p) => p.id),
      scope.updates.map((u) => u.id),
      nids,
    ),
    mentionNeurals(ctx, scope, last?.id, nids),
  ]);
  const dateKeyOf = new Map(scope.updates.map((u) => [u.id, jsonBytes(u.date)]));
  // Updates share their cell objects (siteHistories): each is made JSON bytes once, when the body
  // first reaches it, instead of once per (prompt, update) — 52,000 of them at a year of data.
  const texts = new Map<SiteCells, Uint8Array>();
  const textOf = (cells: SiteCells) => texts.get(cells) ?? texts.set(cells, jsonBytes(cells)).get(cells)!;
  const positions = (h: SiteHistory | undefined) =>
    jsonByteTexts<SourcesHistoryRow['positions_by_date']>((add) => {
      if (h) for (let i = 0; i < h.runs.length; i++) add(dateKeyOf.get(h.runs[i])!, textOf(h.cells[i]));
    });
  const cellsAt = (h: SiteHistory | undefined, runId: number | undefined) => {
    const i = h && runId !== undefined ? h.runs.lastIndexOf(runId) : -1;
    return i >= 0 ? h!.cells[i] : undefined;
  };
  const best = (cells: SiteCells | undefined) =>
    bestPosition(cells ? Object.values(cells).map((c) => c.position) : []);
  const data = scope.prompts
    .map((p) => {
      const h = histories.get(p.id);
      const lastCells = cellsAt(h, last?.id);
      const dynamics = prev ? positionDynamic(best(cellsAt(h, prev.id)), best(lastCells)) : 'not_changed';
      const lastMentions = lastCells ? (mentions.get(p.id)?.length ?? 0) : 0;
      const siteMentioned = lastCells ? Object.values(lastCells).some((c) => c.mentioned) : false;
      return { p, h, lastMentions, siteMentioned, dynamics };
    })
    .filter(({ lastMentions, siteMentioned, dynamics }) =>
      keepsPrompt(
        { mention: f.mention_filter, visibility: f.visibility },
        { mentions: lastMentions, site_mentions: siteMentioned ? 1 : 0 },
        dynamics,
      ),
    );
  return {
    filters: sourcesFiltersEcho(scope),
    next_cursor: null,
    has_more: false,
    total_prompts: data.length,
    total_mentions: data.reduce((sum, d) => sum + d.lastMentions, 0),
    tableData: {
      dates: scope.updates.map((u) => u.date),
      neurals: scope.neurals.map(neuralRef),
      data: data.map(({ p, h, dynamics }) =>
        jsonObject<SourcesHistoryRow>({
          prompt: { id: p.id, value: p.value },
          positions_by_date: positions(h),
          dynamics,
        }),
      ),
    },
    chartData: [],
  };
}
