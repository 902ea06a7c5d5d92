import type { EngineContext } from '../../context';
import type { HistoryTable } from '../../../../src-shared/api/analytics';
import type { ProjectRow } from '../../db/schema';
import type { Query } from '../../validation/query';
import { scopeFor, type FilterInput } from '../filters';
import { cellTexts } from '../facts';
import { groupBy } from '../stats';
import { jsonObject, jsonTexts } from '../../json-pieces';
import { neuralRef, projectHead } from '../shapes';
import { answersFilters, envelope, listPrompts, visibilityChart, type PromptList } from './shared';

type HistoryRow = HistoryTable['data'][number];

/**
 * The history tab's table. Each row writes its own JSON (json-stream.ts) from the stored cell
 * texts as the body is sent (cellTexts): a page of 50 prompts over a year is 5,200 cell groups.
 */
export async function historyTable(ctx: EngineContext, list: PromptList) {
  const { scope } = list;
  const cells = await cellTexts(
    ctx,
    scope,
    list.page.map((i) => i.prompt.id),
    scope.updates.map((u) => u.id),
    scope.neurals.map((n) => n.id),
  );
  const dateOf = new Map(scope.updates.map((u) => [u.id, u.date]));
  const byPrompt = groupBy(cells.rows, (r) => r.prompt_id);
  const positions = (promptId: number) =>
    jsonTexts<HistoryRow['positions_by_date']>((add) => {
      for (const r of byPrompt.get(promptId) ?? []) add(dateOf.get(r.run_id)!, cells.textOf(r.cells));
    });
  return {
    dates: scope.updates.map((u) => u.date),
    neurals: scope.neurals.map(neuralRef),
    data: list.page.map((i) =>
      jsonObject<HistoryRow>({
        prompt: {
          id: i.prompt.id,
          value: i.prompt.value,
          groups: i.prompt.groups,
          visibility: i.visibility,
          frequency: i.prompt.frequency,
        },
        positions_by_date: positions(i.prompt.id),
        dynamics: i.dynamic ?? 'not_changed',
      }),
    ),
    ...envelope(list),
  };
}

/** GET /api/projects/{project}/answers/history */
export async function buildAnswersHistory(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
) {
  const scope = await scopeFor(ctx, project, input, 'answers');
  // The chart does not depend on the page: read at the same time as the list.
  const [list, chart] = await Promise.all([
    listPrompts(ctx, scope, 'answers'),
    scope.filters.cursor ? [] : visibilityChart(ctx, scope),
  ]);
  return {
    project: projectHead(project),
    filters: answersFilters(scope),
    ...envelope(list),
    tableData: await historyTable(ctx, list),
    chartData: chart,
  };
}
