import type { EngineContext } from '../../context';
import type { ProjectRow } from '../../db/schema';
import type { Query } from '../../validation/query';
import { invalidField } from '../../errors';
import { bool } from '../../db/connection';
import { scopeFor, type FilterInput, type Scope, type Update } from '../filters';
import { parseList, positionDynamic, runFacts, type Fact } from '../facts';
import { decodeCursor, encodeCursor, fingerprint } from '../cursor';
import { changeTest, type ChangeTest, type PairOutcome } from '../change-test';
import { neuralRef, projectHead } from '../shapes';
import { keepsPresence } from '../filter-where';
import { sortPrompts, DEFAULT_PER_PAGE } from './shared';
import { fullAnswers, competitorIdsFor, evidenceOf, find } from './full-answers';

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

/** GET /api/projects/{project}/answers/comparison */
export async function buildComparison(ctx: EngineContext, project: ProjectRow, input: FilterInput | Query) {
  const scope = await scopeFor(
    ctx,
    project,
    { ...input, dates: undefined, neurals: undefined },
    'comparison',
  );
  const f = scope.filters;
  const all = scope.allUpdates;
  const neural =
    f.neural === undefined ? scope.projectNeurals[0] : scope.projectNeurals.find((n) => n.id === f.neural);
  if (!neural && f.neural !== undefined) throw invalidField('neural', 'The selected neural is invalid.');
  const before = f.date1 ? snapToUpdate(all, f.date1) : all[all.length - 2];
  const after = f.date2 ? snapToUpdate(all, f.date2) : all[all.length - 1];
  const nids = neural ? [neural.id] : [];
  const facts = await runFacts(
    ctx,
    scope,
    [before?.id, after?.id].filter((v): v is number => v !== undefined),
    nids,
  );
  const afterFact = new Map(facts.filter((a) => a.run_id === after?.id).map((a) => [a.prompt_id, a]));
  const beforeFact = new Map(facts.filter((a) => a.run_id === before?.id).map((a) => [a.prompt_id, a]));

  const changeOf = comparisonChangeTest(scope, before, after, beforeFact, afterFact);

  let items = scope.prompts.map((prompt) => {
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
  items = items.filter((i) => keepsPresence(f.presence, i.after));
  items = sortPrompts(items, f.sortField, f.sortOrder);
  const print = fingerprint([
    'comparison',
    project.id,
    neural?.id ?? null,
    before?.id ?? null,
    after?.id ?? null,
    scope.groupIds,
    f.prompt ?? null,
    f.presence ?? null,
    f.sortField ?? null,
    f.sortOrder ?? null,
  ]);
  const offset = decodeCursor(f.cursor, print);
  const page = items.slice(offset, offset + (f.per_page ?? DEFAULT_PER_PAGE));
  const nextOffset = offset + page.length;
  const nextCursor = nextOffset < items.length ? encodeCursor(nextOffset, print) : null;
  const { answers, urls } = await fullAnswers(
    ctx,
    page.map((i) => i.prompt.id),
    [before?.id, after?.id].filter((v): v is number => v !== undefined),
    nids,
  );
  const ids = await competitorIdsFor(ctx, project.id, answers);
  const answerOf = (runId: number | undefined, promptId: number) => {
    const a = runId === undefined || !neural ? undefined : find(answers, runId, promptId, neural.id);
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
  };
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
      has_answer: all.length > 0,
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
