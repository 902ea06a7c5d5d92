import type { EngineContext } from '../../context';
import type { ProjectRow } from '../../db/schema';
import type { Query } from '../../validation/query';
import { scopeFor, type FilterInput } from '../filters';
import { projectHead } from '../shapes';
import { answersFilters, envelope, listPrompts, visibilityChart } from './shared';
import { visibilityTable, type AnswersOptions } from './visibility';
import { historyTable } from './history';

/** GET /api/projects/{project}/answers (deprecated): visibility and history tabs together. */
export async function buildAnswersLegacy(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
  options: AnswersOptions = {},
) {
  const scope = await scopeFor(ctx, project, input, 'answers');
  const list = await listPrompts(ctx, scope, 'answers');
  const chart = !scope.filters.cursor ? await visibilityChart(ctx, scope) : [];
  return {
    project: projectHead(project),
    filters: answersFilters(scope),
    ...envelope(list),
    data: {
      visibility: {
        tableData: await visibilityTable(ctx, list, { ...options, evidence: false }),
        chartData: chart,
      },
      history: { tableData: await historyTable(ctx, list) },
    },
    deprecation: {
      successors: [
        `/api/projects/${project.id}/answers/visibility`,
        `/api/projects/${project.id}/answers/history`,
      ],
    },
  };
}
