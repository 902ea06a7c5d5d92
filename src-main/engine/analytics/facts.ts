import type { EngineContext } from '../context';
import type { Scope } from './filters';
import { groupBy, pct } from './stats';

/**
 * Answer-level reads of the answers tabs and the per-prompt parts of summary. Both queries are
 * served by covering indexes of migration 0003 (no answer text is read).
 */

export interface Fact {
  run_id: number;
  prompt_id: number;
  neural_id: number;
  has_data: number;
  mention: number;
  mention_position: number | null;
  tone: string | null;
  site_mentioned: number;
  site_position: number | null;
}

export interface Cell extends Fact {
  occurrences: string;
  competitors: string;
}

/** Facts of the selected networks' answers of the scope's prompts at some updates. */
export async function runFacts(
  ctx: EngineContext,
  scope: Scope,
  runIds: number[],
  neuralIds?: number[],
): Promise<Fact[]> {
  const nids = neuralIds ?? scope.neurals.map((n) => n.id);
  if (!runIds.length || !nids.length || !scope.prompts.length) return [];
  return ctx.db
    .selectFrom('answers')
    .select([
      'run_id',
      'prompt_id',
      'neural_id',
      'has_data',
      'mention',
      'mention_position',
      'tone',
      'site_mentioned',
      'site_position',
    ])
    .where('run_id', 'in', runIds)
    .where('neural_id', 'in', nids)
    .$if(!scope.allPrompts, (q) =>
      q.where(
        'prompt_id',
        'in',
        scope.prompts.map((p) => p.id),
      ),
    )
    .execute();
}

/** History cells of some prompts over some updates (selected networks). */
export async function promptCells(
  ctx: EngineContext,
  scope: Scope,
  promptIds: number[],
  runIds: number[],
  neuralIds?: number[],
): Promise<Cell[]> {
  const nids = neuralIds ?? scope.neurals.map((n) => n.id);
  if (!runIds.length || !nids.length || !promptIds.length) return [];
  return ctx.db
    .selectFrom('answers')
    .select([
      'run_id',
      'prompt_id',
      'neural_id',
      'has_data',
      'mention',
      'mention_position',
      'tone',
      'site_mentioned',
      'site_position',
      'occurrences',
      'competitors',
    ])
    .where('project_id', '=', scope.project.id)
    .where('prompt_id', 'in', promptIds)
    .where('run_id', 'in', runIds)
    .where('neural_id', 'in', nids)
    .execute();
}

/** A prompt's visibility % over some answers (one update); null when none is counted. */
export function visibilityOf(facts: Fact[], countEmpty: boolean): number | null {
  const countedFacts = facts.filter((f) => countEmpty || f.has_data === 1);
  if (!countedFacts.length) return null;
  return pct(countedFacts.filter((f) => f.mention === 1).length, countedFacts.length);
}

export type Dynamic = 'up' | 'down' | 'not_changed';

/** decisions.md §5: `dynamic` compares the last two updates of the period. */
export function dynamicOf(prev: number | null | undefined, last: number | null | undefined): Dynamic | null {
  if (prev === null || prev === undefined || last === null || last === undefined) return null;
  return last > prev ? 'up' : last < prev ? 'down' : 'not_changed';
}

/**
 * Position dynamics (lower is better): appearing or rising is `up`, vanishing or dropping is
 * `down` (api-spec.md comparison; the same rule serves site positions).
 */
export function positionDynamic(before: number | null, after: number | null): Dynamic {
  if (before === null && after !== null) return 'up';
  if (before !== null && after === null) return 'down';
  if (before !== null && after !== null)
    return after < before ? 'up' : after > before ? 'down' : 'not_changed';
  return 'not_changed';
}

/** Best (lowest) position among some answers, or null. */
export function bestPosition(values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? Math.min(...present) : null;
}

/** Per prompt visibility at the last and previous update of the period. */
export function promptVisibilities(
  facts: Fact[],
  lastRun: number | undefined,
  prevRun: number | undefined,
  countEmpty: boolean,
) {
  const byPrompt = groupBy(facts, (f) => f.prompt_id);
  const result = new Map<number, { last: number | null; prev: number | null; lastFacts: Fact[] }>();
  for (const [promptId, list] of byPrompt) {
    const lastFacts = list.filter((f) => f.run_id === lastRun);
    result.set(promptId, {
      last: visibilityOf(lastFacts, countEmpty),
      prev:
        prevRun === undefined
          ? null
          : visibilityOf(
              list.filter((f) => f.run_id === prevRun),
              countEmpty,
            ),
      lastFacts,
    });
  }
  return result;
}

export const parseList = (json: string | null): string[] => {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};
