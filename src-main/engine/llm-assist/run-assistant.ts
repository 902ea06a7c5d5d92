import type { EngineContext } from '../context';
import type { AnalysisInput, AnalysisResult } from '../answer-reading/types';
import { Limiter } from '../providers/limiter';
import { generateStructured } from './generate';
import { resolveAnalysisModel } from './model';
import {
  ANSWER_ASSIST_SYSTEM,
  answerAssistPrompt,
  answerAssistSchema,
  mergeAnswerAssist,
  type AssistedFields,
} from './answer-assist';

export interface AnswerAssistTuning {
  /** Model requests per run (or re-analysis) at most; answers past it keep the offline result. */
  budgetPerRun: number;
  /** Model requests in flight at once, across every run of the engine. */
  concurrency: number;
  /** Per attempt (one retry follows a failure). */
  timeoutMs: number;
  /** Failures in a row after which the run stops asking: a model that is down must not slow a run. */
  maxFailuresInRow: number;
}

const DEFAULTS: AnswerAssistTuning = {
  budgetPerRun: 1000,
  concurrency: 2,
  timeoutMs: 30_000,
  maxFailuresInRow: 5,
};

const tunings = new WeakMap<object, AnswerAssistTuning>();
const limiters = new WeakMap<object, Limiter>();

export function answerAssistTuning(ctx: object): AnswerAssistTuning {
  return tunings.get(ctx) ?? DEFAULTS;
}

/** Tests and the benchmark change the budget and timeouts of one engine here. */
export function configureAnswerAssist(ctx: object, change: Partial<AnswerAssistTuning>): void {
  tunings.set(ctx, { ...answerAssistTuning(ctx), ...change });
  limiters.delete(ctx);
}

function limiterOf(ctx: object): Limiter {
  let limiter = limiters.get(ctx);
  if (!limiter) limiters.set(ctx, (limiter = new Limiter(answerAssistTuning(ctx).concurrency)));
  return limiter;
}

export interface AnswerAssistant {
  /** The offline result with the model's competitors, tone and comment merged in where they check out. */
  assist(input: AnalysisInput, offline: AnalysisResult): Promise<AnalysisResult>;
  /** What this run did: requests made, answers where each field came from the model. */
  readonly stats: { asked: number; failed: number } & Record<keyof AssistedFields, number>;
}

/** The assistant of one run, or null when no analysis model is set. */
export async function assistAnswerAnalysis(ctx: EngineContext): Promise<AnswerAssistant | null> {
  const chosen = await resolveAnalysisModel(ctx);
  if (!chosen) return null;
  const tuning = answerAssistTuning(ctx);
  const limiter = limiterOf(ctx);
  const stats = { asked: 0, failed: 0, competitors: 0, tone: 0, comment: 0 };
  let failuresInRow = 0;
  const spent = () => stats.asked >= tuning.budgetPerRun || failuresInRow >= tuning.maxFailuresInRow;

  return {
    stats,
    async assist(input, offline) {
      // An empty answer has nothing to read; past the budget the offline result stands.
      if (!input.text?.trim() || spent()) return offline;
      return limiter.run(async () => {
        if (spent()) return offline;
        stats.asked++;
        const reading = await generateStructured(ctx, {
          schema: answerAssistSchema,
          system: ANSWER_ASSIST_SYSTEM,
          prompt: answerAssistPrompt(input),
          timeoutMs: tuning.timeoutMs,
          using: chosen,
          purpose: 'answer analysis',
        });
        if (!reading) {
          stats.failed++;
          failuresInRow++;
          return offline;
        }
        failuresInRow = 0;
        const { result, fields } = mergeAnswerAssist(input, offline, reading);
        for (const key of ['competitors', 'tone', 'comment'] as const) if (fields[key]) stats[key]++;
        return result;
      });
    },
  };
}
