import { alertAfterRun } from '../alerts/alerts';
import type { EngineContext } from '../context';
import type { JobContext, JobHandler } from '../jobs/queue';
import type { JobPayload } from '../job-catalogue';
import type { NeuralRow, ParseRunRow, ProjectRow } from '../db/schema';
import { isoDay } from '../../../src-shared/time';
import { neuralApiKey } from '../neurals/neurals.service';
import { providerFor } from '../providers/index';
import { askWithRetry } from '../providers/ask-with-retry';
import { limiterFor } from '../providers/limiter';
import { performance } from 'node:perf_hooks';
import { AnswerWriter, type StoredAnswerInput } from './answer-store';
import { SaveQueue } from './save-queue';
import { giveWayWhenBusy } from './turn-budget';
import {
  exclusionsKey,
  loadAnalysisSubject,
  subjectExclusionsKey,
  type AnalysisSubject,
} from './analysis-subject';
import { queueReanalysis } from './reanalysis';
import { loadRunAnalyzer, type RunAnalyze } from './analyzer';
import { writeAggregatesFor } from './aggregates-port';
import { collectTuning } from './tuning';
import { noteExtraSources } from './extra-sources';
import type { RunOptions } from './parse.service';

/** How often a running job looks at `JobContext.stopping` (the engine closing). */
const STOP_POLL_MS = 100;

/**
 * The parse run job: asks every (prompt, network) task of the run and saves each answer as it
 * finishes, then closes the run.
 *
 * Running twice / stopping half-way: every task is saved as soon as it finishes (in a group
 * commit with the tasks that finished in the same moment; answers are unique on
 * run/prompt/network), and a resumed run asks only the tasks with no saved answer, so nothing
 * is asked or charged twice. When the engine closes, in-flight requests are aborted and
 * not saved; the queue puts the job back and the next start resumes it. Closing the run is one
 * guarded transaction (`status = 'in_progress'`), so refunds happen once.
 */
export const parseRunJob =
  (ctx: EngineContext): JobHandler<JobPayload<'collect.parse-run'>> =>
  (payload, job) =>
    parseRun(ctx, payload, job);

async function parseRun(
  ctx: EngineContext,
  payload: JobPayload<'collect.parse-run'>,
  job: JobContext,
): Promise<void> {
  const run = await loadRun(ctx, payload.runId);
  if (!run) return;
  if (run.status === 'completed') {
    // Crashed right after closing: finish what the close left undone. Alerts are told once per
    // run (alerts.ts), so a close that had told them tells nothing again.
    await writeAggregatesFor(ctx, run.id);
    await alertAfterRun(ctx, run.project_id, run.id);
    return;
  }
  if (run.status === 'failed') return;
  const project = await ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', run.project_id)
    .executeTakeFirst();
  if (!project) return;

  if (run.status === 'queued') {
    const now = ctx.clock.now().toISOString();
    await ctx.db
      .updateTable('parse_runs')
      .set({ status: 'in_progress', phase: 'submit', progress: 2, started_at: now })
      .where('id', '=', run.id)
      .execute();
    await ctx.events.record({
      project_id: project.id,
      user_id: run.user_id,
      type: 'update_started',
      message: `Update started: ${run.tasks_total} requests to AI systems.`,
    });
  }

  const finished = await askAllTasks(ctx, run, project, job);
  if (!finished) return; // stopping: resumed on the next start
  await closeRun(ctx, run.id);
}

interface Task {
  promptId: number;
  prompt: string;
  neural: NeuralRow;
  webSearch: boolean;
}

/** Asks every task without a saved answer. False when it stopped early because the engine is closing. */
async function askAllTasks(
  ctx: EngineContext,
  run: ParseRunRow,
  project: ProjectRow,
  job: JobContext,
): Promise<boolean> {
  const options = JSON.parse(run.options) as RunOptions;
  const tasks = await loadTasks(ctx, run, options);
  const saved = await savedTasks(ctx, run.id);
  const pending = tasks.filter((t) => !saved.has(`${t.promptId}:${t.neural.id}`));
  const subject = await loadAnalysisSubject(ctx, project);
  const analyze = await loadRunAnalyzer(ctx);
  const tuning = collectTuning(ctx);
  const fetchImpl = ctx.ports.fetch ?? fetch;
  const day = isoDay(ctx.clock.now());
  const total = Math.max(1, run.tasks_total);
  const saves = runSaves(ctx, run, project, saved.size, total);

  const stop = new AbortController();
  const watch = setInterval(() => job.stopping && stop.abort(), STOP_POLL_MS);
  watch.unref?.();
  try {
    await Promise.all(
      pending.map((task) =>
        limiterFor(ctx, task.neural.provider, tuning.concurrency).run(async () => {
          if (stop.signal.aborted || job.stopping) return stop.abort();
          const provider = providerFor(task.neural.provider);
          let outcome;
          try {
            outcome = provider
              ? await askWithRetry(
                  provider,
                  task.prompt,
                  {
                    model: task.neural.model,
                    apiKey: neuralApiKey(ctx, task.neural),
                    baseUrl: task.neural.base_url,
                    webSearch: task.webSearch,
                    signal: stop.signal,
                    fetch: fetchImpl,
                    subject: {
                      brand: project.brand,
                      domain: project.domain,
                      activities: project.activities,
                      language: project.language,
                      day,
                      network: task.neural.system_name,
                    },
                  },
                  tuning.retry,
                )
              : ({ ok: false, error: `Unknown provider ${task.neural.provider}.`, attempts: 0 } as const);
          } catch (error) {
            if (stop.signal.aborted) return; // stopped mid-request: not saved, asked again on resume
            throw error;
          }
          // An instant provider (demo) and synchronous SQLite would otherwise run a whole run as
          // one chain of microtasks: analysis gives way so API requests are served meanwhile.
          await giveWayWhenBusy();
          await saves.save(await answerToStore(run, task, outcome, subject, analyze));
        }),
      ),
    );
  } finally {
    clearInterval(watch);
  }
  const finished = !stop.signal.aborted && !job.stopping;
  // The analyst hid a competitor or changed own products while the run was going: answers it
  // analysed with the older names are analysed again (past answers too), so exclusions hold.
  if (finished && subjectExclusionsKey(subject) !== (await exclusionsKey(ctx, project.id)))
    await queueReanalysis(ctx, project.id, 'exclusions_changed_during_run');
  return finished;
}

/** The tasks of a run that already have an answer (asked before a stop), as `prompt:network` keys. */
async function savedTasks(ctx: EngineContext, runId: number): Promise<Set<string>> {
  const answers = await ctx.db
    .selectFrom('answers')
    .select(['prompt_id', 'neural_id'])
    .where('run_id', '=', runId)
    .execute();
  return new Set(answers.map((a) => `${a.prompt_id}:${a.neural_id}`));
}

/** How often, at most, a run writes its progress (besides its first answer and its close). */
const PROGRESS_EVERY_MS = 250;

/**
 * The run's writes: answers in group commits (SaveQueue) through one AnswerWriter (competitor
 * names read once per run), with the progress in the same transaction as the answers it counts,
 * written on the first answer and then at most every PROGRESS_EVERY_MS when its percent moves.
 */
function runSaves(
  ctx: EngineContext,
  run: ParseRunRow,
  project: ProjectRow,
  savedBefore: number,
  total: number,
) {
  const writer = new AnswerWriter(ctx, project.id);
  let done = savedBefore;
  let shownProgress = -1;
  let shownAt = -Infinity;
  return new SaveQueue<StoredAnswerInput>(async (batch) => {
    const nowDone = done + batch.length;
    const progress = Math.min(90, 2 + Math.floor((nowDone / total) * 88));
    const show =
      shownProgress < 0 || (progress !== shownProgress && performance.now() - shownAt >= PROGRESS_EVERY_MS);
    await writer.write(batch, async (trx) => {
      if (!show) return;
      await trx
        .updateTable('parse_runs')
        .set({ tasks_done: nowDone, progress, phase: 'receive' })
        .where('id', '=', run.id)
        .execute();
    });
    done = nowDone;
    if (show) [shownProgress, shownAt] = [progress, performance.now()];
  });
}

/** The answer row of a finished task: analysed when the AI system answered, empty when it did not. */
async function answerToStore(
  run: ParseRunRow,
  task: Task,
  outcome: Awaited<ReturnType<typeof askWithRetry>>,
  subject: AnalysisSubject,
  analyze: RunAnalyze | null,
): Promise<StoredAnswerInput> {
  const base = {
    runId: run.id,
    projectId: run.project_id,
    promptId: task.promptId,
    neuralId: task.neural.id,
    webSearch: task.webSearch,
    attempts: outcome.attempts,
  };
  if (!outcome.ok) return { ...base, hasData: false, text: null, analysis: null, error: outcome.error };
  const { text, citations, raw, usage } = outcome.answer;
  return {
    ...base,
    hasData: true,
    usage,
    text,
    analysis: analyze ? await analyze({ ...subject, text, citations }) : null,
    // Citations are kept beside the provider's response so re-analysis needs no provider parsing.
    raw: { citations, response: raw },
  };
}

/** The frozen task list: prompts × networks charged at queue time (deleted prompts keep their text). */
async function loadTasks(ctx: EngineContext, run: ParseRunRow, options: RunOptions): Promise<Task[]> {
  if (!options.prompt_ids?.length || !options.neural_ids?.length) return [];
  const prompts = await ctx.db
    .selectFrom('prompts')
    .select(['id', 'value'])
    .where('id', 'in', options.prompt_ids)
    .execute();
  const neurals = await ctx.db
    .selectFrom('neurals')
    .selectAll()
    .where('id', 'in', options.neural_ids)
    .execute();
  const webSearch = new Map(
    (
      await ctx.db
        .selectFrom('project_neurals')
        .select(['neural_id', 'web_search_enabled'])
        .where('project_id', '=', run.project_id)
        .execute()
    ).map((r) => [r.neural_id, r.web_search_enabled === 1]),
  );
  const byId = new Map(prompts.map((p) => [p.id, p.value]));
  const tasks: Task[] = [];
  // Prompt-major order: each prompt is asked of every network before the next prompt starts.
  for (const promptId of options.prompt_ids) {
    const prompt = byId.get(promptId);
    if (prompt === undefined) continue;
    for (const neuralId of options.neural_ids) {
      const neural = neurals.find((n) => n.id === neuralId);
      if (!neural) continue;
      tasks.push({
        promptId,
        prompt,
        neural,
        webSearch: (webSearch.get(neuralId) ?? false) && neural.web_search_supported === 1,
      });
    }
  }
  return tasks;
}

/**
 * Closes the run (decisions.md §2, §4): tasks without data are refunded; a run where no answer got
 * data is `failed` and refunded whole, so the project's parse state returns to what it was.
 */
export async function closeRun(ctx: EngineContext, runId: number): Promise<void> {
  await ctx.db
    .updateTable('parse_runs')
    .set({ phase: 'analysis_submit', progress: 92 })
    .where('id', '=', runId)
    .execute();
  await ctx.db
    .updateTable('parse_runs')
    .set({ phase: 'saving_results', progress: 96 })
    .where('id', '=', runId)
    .execute();
  const counts = await ctx.db
    .selectFrom('answers')
    .select(['has_data', (eb) => eb.fn.countAll<number>().as('n')])
    .where('run_id', '=', runId)
    .groupBy('has_data')
    .execute();
  const withData = Number(counts.find((c) => c.has_data === 1)?.n ?? 0);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const run = await trx.selectFrom('parse_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    if (!run || run.status !== 'in_progress') return null;
    const refund = withData === 0 ? run.charged : Math.max(0, run.charged - withData);
    await trx
      .updateTable('parse_runs')
      .set({
        status: withData === 0 ? 'failed' : 'completed',
        phase: null,
        progress: 100,
        tasks_done: counts.reduce((sum, c) => sum + Number(c.n), 0),
        refunded: refund,
        update_date: withData === 0 ? null : isoDay(now),
        finished_at: now.toISOString(),
      })
      .where('id', '=', runId)
      .execute();
    if (refund > 0)
      await trx
        .updateTable('users')
        .set((eb) => ({ limits_balance: eb('limits_balance', '+', refund) }))
        .where('id', '=', run.user_id)
        .execute();
    return { run, refund };
  });
  if (!outcome) return;
  const { run, refund } = outcome;
  if (withData === 0) {
    await ctx.events.record({
      project_id: run.project_id,
      user_id: run.user_id,
      type: 'update_failed',
      message: `Update failed: no AI system gave an answer. ${refund} limits were refunded.`,
    });
    return;
  }
  await writeAggregatesFor(ctx, runId);
  await ctx.events.record({
    project_id: run.project_id,
    user_id: run.user_id,
    type: 'update_finished',
    message:
      `Update finished: ${withData} of ${run.charged} answers collected` +
      (refund ? `; ${refund} limits refunded for answers that could not be collected.` : '.'),
  });
  await noteExtraSources(ctx, run);
  await alertAfterRun(ctx, run.project_id, runId);
}

/**
 * The parse job ran out of attempts: the run closes with what it collected and the rest is
 * refunded (closeRun). A run that never got past `queued` is opened first, so it closes too
 * (as `failed`, refunded whole) instead of waiting for a job that will not come.
 */
export async function giveUpRun(ctx: EngineContext, runId: number): Promise<void> {
  await ctx.db
    .updateTable('parse_runs')
    .set({ status: 'in_progress' })
    .where('id', '=', runId)
    .where('status', '=', 'queued')
    .execute();
  await closeRun(ctx, runId);
}

const loadRun = (ctx: EngineContext, id: number) =>
  ctx.db.selectFrom('parse_runs').selectAll().where('id', '=', id).executeTakeFirst();
