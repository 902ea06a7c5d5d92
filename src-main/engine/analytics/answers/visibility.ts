import type { EngineContext } from '../../context';
import type { UrlItem } from '../../../../src-shared/api/analytics';
import type { ProjectRow } from '../../db/schema';
import type { Query } from '../../validation/query';
import { bool } from '../../db/connection';
import { scopeFor, type FilterInput, type NeuralInfo } from '../filters';
import { parseList } from '../facts';
import { neuralRef, projectHead } from '../shapes';
import { answersFilters, envelope, listPrompts, visibilityChart, type PromptList } from './shared';
import {
  type FullAnswer,
  fullAnswers,
  type CompetitorIds,
  competitorIds,
  evidenceOf,
  find,
} from './full-answers';

export interface AnswersOptions {
  /** `relevant_query` is for administrators: the project owner on this engine. */
  showRelevantQuery?: boolean;
  /** `evidence` on each answer (extension); the deprecated /answers gets no new fields. */
  evidence?: boolean;
}

function visibilityRow(
  n: NeuralInfo,
  a: FullAnswer | undefined,
  urls: Map<number, UrlItem[]>,
  lastRunId: number | undefined,
  ids: CompetitorIds | null,
) {
  return {
    neural: neuralRef(n),
    mention: a?.mention ?? 0,
    mention_position: a?.mention === 1 ? a.mention_position : null,
    tone: a?.tone ?? null,
    occurrences: parseList(a?.occurrences ?? null),
    competitors: parseList(a?.competitors ?? null),
    answer: a?.answer ?? null,
    urls: a ? (urls.get(a.id) ?? []) : [],
    site_mentioned: a ? bool(a.site_mentioned) : false,
    site_position: a?.site_position ?? null,
    comment: a?.comment ?? null,
    update_id: a?.run_id ?? lastRunId ?? null,
    ...(ids ? { evidence: evidenceOf(a, ids) } : {}),
  };
}

export async function visibilityTable(ctx: EngineContext, list: PromptList, options: AnswersOptions) {
  const { scope, last } = list;
  const nids = scope.neurals.map((n) => n.id);
  // The competitor names are read beside the answers, not after them (a round trip less on
  // PostgreSQL), even when no answer of the page turns out to have evidence.
  const [{ answers, urls }, ids] = await Promise.all([
    fullAnswers(
      ctx,
      list.page.map((i) => i.prompt.id),
      last ? [last.id] : [],
      nids,
    ),
    options.evidence ? competitorIds(ctx, scope.project.id) : null,
  ]);
  return {
    has_answer: scope.updates.length > 0,
    rows: list.page.map((i) => ({
      prompt: {
        id: i.prompt.id,
        value: i.prompt.value,
        groups: i.prompt.groups,
        groups_raw: i.prompt.groups,
        visibility: i.visibility,
        dynamic: i.dynamic,
        frequency: i.prompt.frequency,
        relevant_query: options.showRelevantQuery ? i.prompt.relevant_query : null,
      },
      data: scope.neurals.map((n) =>
        visibilityRow(n, find(answers, last?.id, i.prompt.id, n.id), urls, last?.id, ids),
      ),
    })),
    ...envelope(list),
  };
}

/** GET /api/projects/{project}/answers/visibility */
export async function buildAnswersVisibility(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
  options: AnswersOptions = {},
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
    tableData: await visibilityTable(ctx, list, { evidence: true, ...options }),
    chartData: list.offset === 0 ? chart : [],
  };
}
