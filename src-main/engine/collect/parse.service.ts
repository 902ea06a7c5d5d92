import type { EngineContext } from '../context';
import type { ProjectRow } from '../db/schema';
import { conflict, forbidden, validationError } from '../errors';
import { JOB } from '../job-catalogue';

export interface ParseRequest {
  with_recommendations?: boolean;
  with_frequency?: boolean;
}

/** What a run remembers from the moment it was queued: the tasks it was charged for. */
export interface RunOptions extends ParseRequest {
  prompt_ids: number[];
  neural_ids: number[];
}

export type RunSource = 'manual' | 'schedule' | 'sample';

/** Why a run cannot be queued now; the scheduler records it, POST parse answers with it. */
export class ParseRefused extends Error {
  constructor(
    readonly reason: 'no_neurals' | 'no_prompts' | 'running' | 'limits',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a run queued now would ask and charge (decisions.md §2): every live prompt × every
 * selected network not deleted, one limit each. POST parse and the estimate both read it here,
 * so the estimate is the charge by construction.
 */
export async function chargeableTasks(ctx: EngineContext, projectId: number) {
  const neurals = await ctx.db
    .selectFrom('project_neurals')
    .innerJoin('neurals', 'neurals.id', 'project_neurals.neural_id')
    .select(['neurals.id', 'neurals.provider', 'neurals.model'])
    .where('project_neurals.project_id', '=', projectId)
    .where('neurals.deleted_at', 'is', null)
    .orderBy('project_neurals.position')
    .orderBy('neurals.id')
    .execute();
  const prompts = await ctx.db
    .selectFrom('prompts')
    .select(['id', 'value'])
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return { prompts, neurals, cost: neurals.length * prompts.length };
}

/**
 * Queues a parse run (api-spec.md "Parse status"): one limit per (live prompt × selected
 * network) is taken from the project owner's balance and the run row is created in the same
 * transaction, so two requests at once cannot both pass the 409 or the 403 check. The task list
 * is frozen in the run's options: the run asks and refunds exactly what it charged for, even if
 * prompts change while it goes.
 */
export async function queueParse(
  ctx: EngineContext,
  project: ProjectRow,
  request: ParseRequest,
  source: RunSource = 'manual',
): Promise<number> {
  const { prompts, neurals, cost } = await chargeableTasks(ctx, project.id);
  if (!neurals.length)
    throw new ParseRefused('no_neurals', 'Select at least one neural network in the project settings.');
  if (!prompts.length) throw new ParseRefused('no_prompts', 'Add at least one prompt to the project.');

  const now = ctx.clock.now().toISOString();
  const options: RunOptions = {
    ...request,
    prompt_ids: prompts.map((p) => p.id),
    neural_ids: neurals.map((n) => n.id),
  };
  const runId = await ctx.db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('parse_runs')
      .select('id')
      .where('project_id', '=', project.id)
      .where('status', 'in', ['queued', 'in_progress'])
      .executeTakeFirst();
    if (active)
      throw new ParseRefused('running', 'A parse run of this project is already queued or in progress.');
    const owner = await trx
      .selectFrom('users')
      .select('limits_balance')
      .where('id', '=', project.user_id)
      .executeTakeFirstOrThrow();
    if (owner.limits_balance < cost)
      throw new ParseRefused(
        'limits',
        `Not enough limits: this run needs ${cost} (${prompts.length} prompts × ${neurals.length} networks), the balance is ${owner.limits_balance}.`,
      );
    await trx
      .updateTable('users')
      .set((eb) => ({ limits_balance: eb('limits_balance', '-', cost) }))
      .where('id', '=', project.user_id)
      .execute();
    const run = await trx
      .insertInto('parse_runs')
      .values({
        project_id: project.id,
        user_id: project.user_id,
        status: 'queued',
        phase: 'queue_wait',
        progress: 1,
        source,
        options: JSON.stringify(options),
        charged: cost,
        refunded: 0,
        tasks_total: cost,
        tasks_done: 0,
        update_date: null,
        created_at: now,
        started_at: null,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return run.id;
  });
  // Outside the transaction: the queue writes through ctx.db, which waits for the transaction's
  // connection. A crash between the two leaves a queued run without a job: resumeOrphanRuns
  // (called at start) enqueues it again.
  await ctx.jobs.enqueue(JOB.parseRun, { runId }, { maxAttempts: 10 });
  return runId;
}

/** POST parse's error bodies (decisions.md §1: 403 and 409 answer `{message}`; 422 by field). */
export function refusalToHttp(error: ParseRefused) {
  switch (error.reason) {
    case 'no_neurals':
      return validationError({ neurals: [error.message] });
    case 'no_prompts':
      return validationError({ prompts: [error.message] });
    case 'running':
      return conflict(error.message);
    case 'limits':
      return forbidden(error.message);
  }
}

/**
 * Runs left `queued` without a job row that could run them (a crash between queueParse's two
 * writes) get their job again. Runs whose job exists are left alone: the queue resumes those.
 */
export async function resumeOrphanRuns(ctx: EngineContext): Promise<void> {
  const runs = await ctx.db
    .selectFrom('parse_runs')
    .select('id')
    .where('status', 'in', ['queued', 'in_progress'])
    .execute();
  if (!runs.length) return;
  const jobs = await ctx.db
    .selectFrom('jobs')
    .select('payload')
    .where('name', '=', JOB.parseRun)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  const covered = new Set(jobs.map((j) => (JSON.parse(j.payload) as { runId: number }).runId));
  for (const run of runs)
    if (!covered.has(run.id)) await ctx.jobs.enqueue(JOB.parseRun, { runId: run.id }, { maxAttempts: 10 });
}
