import type { EngineContext } from '../../context';
import type { ProjectRow } from '../../db/schema';
import type { Query } from '../../validation/query';
import { invalidField } from '../../errors';
import { bool } from '../../db/connection';
import { scopeFor, type FilterInput, type Scope, type Update } from '../filters';
import { parseList, positionDynamic, runFacts, type Fact } from '../facts';
import { fingerprint } from '../cursor';
import type { ComparisonResponse, UrlItem } from '../../../../src-shared/api/analytics';
import { changeTest, type ChangeTest, type PairOutcome } from '../change-test';
import { neuralRef, projectHead } from '../shapes';
import { keepsPresence } from '../filter-where';
import { cutPage, DEFAULT_PER_PAGE, sortPrompts } from './shared';
import {
  competitorIdsFor,
  evidenceOf,
  find,
  fullAnswers,
  type CompetitorIds,
  type FullAnswer,
} from './full-answers';

/** The latest update on or before a date (`YYYY-MM-DD`). */
export function snapToUpdate(updates: Update[], day: string): Update | undefined {
  let found: Update | undefined;
  for (const u of updates) if (u.date <= day) found = u;
  return found;
}

/**
 * Extension `tableData.change_test`: the brand's McNemar test between the two snapshots of the
 * chosen network, over the prompts the groups and text filters keep (`presence` only filters rows:
 * the test must not be computed on a selection made from its own outcome).
 */
function comparisonChangeTest(
  scope: Scope,
  before: Update | undefined,
  after: Update | undefined,
  beforeFact: Map<number, Fact>,
  afterFact: Map<number, Fact>,
): ChangeTest {
  if (!before || !after || before.id === after.id) return changeTest([]);
  const isCounted = (f: Fact | undefined) => f !== undefined && (f.has_data === 1 || scope.countEmpty);
  const pairs: PairOutcome[] = [];
  for (const p of scope.prompts) {
    const b = beforeFact.get(p.id);
    const a = afterFact.get(p.id);
    if (isCounted(b) && isCounted(a)) pairs.push({ before: b!.mention === 1, after: a!.mention === 1 });
  }
  return changeTest(pairs);
}

/** The chosen network (the project's first by default) and the two snapshots compared. */
function snapshots(scope: Scope) {
  const f = scope.filters;
  const all = scope.allUpdates;
  const neural =
    f.neural === undefined ? scope.projectNeurals[0] : scope.projectNeurals.find((n) => n.id === f.neural);
  if (!neural && f.neural !== undefined) throw invalidField('neural', 'The selected neural is invalid.');
  const before = f.date1 ? snapToUpdate(all, f.date1) : all[all.length - 2];
  const after = f.date2 ? snapToUpdate(all, f.date2) : all[all.length - 1];
  return {
    neural,
    before,
    after,
    runIds: [before?.id, after?.id].filter((v): v is number => v !== undefined),
    neuralIds: neural ? [neural.id] : [],
  };
}
type Snapshots = ReturnType<typeof snapshots>;

/** Each prompt's visibility at the later snapshot and its position dynamic, under `presence`, sorted. */
function comparisonItems(scope: Scope, beforeFact: Map<number, Fact>, afterFact: Map<number, Fact>) {
  const f = scope.filters;
  const items = scope.prompts.map((prompt) => {
    const a = afterFact.get(prompt.id);
    const b = beforeFact.get(prompt.id);
    return {
      prompt,
      visibility: a ? (a.mention === 1 ? 100 : a.has_data === 1 || scope.countEmpty ? 0 : null) : null,
      after: a,
      dynamic: positionDynamic(
        b?.mention === 1 ? (b.mention_position ?? null) : null,
        a?.mention === 1 ? (a.mention_position ?? null) : null,
      ),
    };
  });
  return sortPrompts(
    items.filter((i) => keepsPresence(f.presence, i.after)),
    f.sortField,
    f.sortOrder,
  );
}

/** The cursor's fingerprint: what the comparison's pages depend on. */
function comparisonPrint(scope: Scope, { neural, before, after }: Snapshots) {
  const f = scope.filters;
  return fingerprint([
    'comparison',
    scope.project.id,
    neural?.id ?? null,
    before?.id ?? null,
    after?.id ?? null,
    scope.groupIds,
    f.prompt ?? null,
    f.presence ?? null,
    f.sortField ?? null,
    f.sortOrder ?? null,
  ]);
}

/** One side of a comparison row: the network's answer at one snapshot (empty without one). */
function comparisonAnswer(a: FullAnswer | undefined, urls: Map<number, UrlItem[]>, ids: CompetitorIds) {
  return {
    answer: a?.answer ?? null,
    has_data: a ? bool(a.has_data) : false,
    brand_position: a?.mention === 1 ? a.mention_position : null,
    mention: a?.mention ?? 0,
    tone: a?.tone ?? null,
    occurrences: parseList(a?.occurrences ?? null),
    competitors: parseList(a?.competitors ?? null),
    site_mentioned: a ? bool(a.site_mentioned) : false,
    site_position: a?.site_position ?? null,
    urls: a ? (urls.get(a.id) ?? []) : [],
    evidence: evidenceOf(a, ids),
  };
}

/** GET /api/projects/{project}/answers/comparison */
export async function buildComparison(
  ctx: EngineContext,
  project: ProjectRow,
  input: FilterInput | Query,
): Promise<ComparisonResponse> {
  const scope = await scopeFor(
    ctx,
    project,
    { ...input, dates: undefined, neurals: undefined },
    'comparison',
  );
  const f = scope.filters;
  const snaps = snapshots(scope);
  const { neural, before, after } = snaps;
  const facts = await runFacts(ctx, scope, snaps.runIds, snaps.neuralIds);
  const afterFact = new Map(facts.filter((a) => a.run_id === after?.id).map((a) => [a.prompt_id, a]));
  const beforeFact = new Map(facts.filter((a) => a.run_id === before?.id).map((a) => [a.prompt_id, a]));
  const changeOf = comparisonChangeTest(scope, before, after, beforeFact, afterFact);
  const items = comparisonItems(scope, beforeFact, afterFact);
  const { page, nextCursor } = cutPage(
    items,
    f.cursor,
    comparisonPrint(scope, snaps),
    f.per_page ?? DEFAULT_PER_PAGE,
  );

  const { answers, urls } = await fullAnswers(
    ctx,
    page.map((i) => i.prompt.id),
    snaps.runIds,
    snaps.neuralIds,
  );
  const ids = await competitorIdsFor(ctx, project.id, answers);
  const answerOf = (runId: number | undefined, promptId: number) =>
    comparisonAnswer(
      runId === undefined || !neural ? undefined : find(answers, runId, promptId, neural.id),
      urls,
      ids,
    );
  const totals = {
    total_prompts: items.length,
    total_mentions: items.filter((i) => i.after?.mention === 1).length,
  };
  return {
    project: projectHead(project),
    filters: {
      neural: neural?.id ?? null,
      date1: f.date1 ?? null,
      date2: f.date2 ?? null,
      presence: f.presence ?? null,
      groups: scope.groupIds,
      prompt: f.prompt ?? null,
    },
    next_cursor: nextCursor,
    has_more: nextCursor !== null,
    ...totals,
    tableData: {
      has_answer: scope.allUpdates.length > 0,
      ...totals,
      neural: neural ? neuralRef(neural) : null,
      date1: before?.date ?? null,
      date2: after?.date ?? null,
      change_test: changeOf,
      rows: page.map((i) => ({
        prompt: { id: i.prompt.id, value: i.prompt.value, groups: i.prompt.groups, dynamic: i.dynamic },
        answer1: answerOf(before?.id, i.prompt.id),
        answer2: answerOf(after?.id, i.prompt.id),
      })),
      next_cursor: nextCursor,
      has_more: nextCursor !== null,
    },
    chartData: [],
  };
}
