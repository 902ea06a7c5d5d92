import type { EngineContext } from '../../context';
import type { BrandCell } from '../../../../src-shared/api/analytics';
import type { ProjectRow } from '../../db/schema';
import type { Query } from '../../validation/query';
import { scopeFor, type FilterInput } from '../filters';
import { cellGrids } from '../facts';
import { neuralRef, projectHead } from '../shapes';
import { answersFilters, envelope, listPrompts, visibilityChart, type PromptList } from './shared';

export async function historyTable(ctx: EngineContext, list: PromptList) {
  const { scope } = list;
  const grids = await cellGrids(
    ctx,
    scope,
    list.page.map((i) => i.prompt.id),
    scope.updates.map((u) => u.id),
    scope.neurals.map((n) => n.id),
  );
  const dateOf = new Map(scope.updates.map((u) => [u.id, u.date]));
  const byPrompt = new Map<number, Record<string, Record<string, BrandCell>>>();
  for (const g of grids) {
    const grid = byPrompt.get(g.prompt_id) ?? byPrompt.set(g.prompt_id, {}).get(g.prompt_id)!;
    grid[dateOf.get(g.run_id)!] = g.brand;
  }
  return {
    dates: scope.updates.map((u) => u.date),
    neurals: scope.neurals.map(neuralRef),
    data: list.page.map((i) => ({
      prompt: {
        id: i.prompt.id,
        value: i.prompt.value,
        groups: i.prompt.groups,
        visibility: i.visibility,
        frequency: i.prompt.frequency,
      },
      positions_by_date: byPrompt.get(i.prompt.id) ?? {},
      dynamics: i.dynamic ?? 'not_changed',
    })),
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
  const list = await listPrompts(ctx, scope, 'answers');
  return {
    project: projectHead(project),
    filters: answersFilters(scope),
    ...envelope(list),
    tableData: await historyTable(ctx, list),
    chartData: !scope.filters.cursor ? await visibilityChart(ctx, scope) : [],
  };
}
