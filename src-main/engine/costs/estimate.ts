import { sql } from 'kysely';
import type { EngineContext } from '../context';
import type { ProjectRow } from '../db/schema';
import { chargeableTasks } from '../collect/parse.service';
import { collectTuning } from '../collect/tuning';
import { scheduleClock } from '../collect/scheduler';
import { readSchedules } from '../schedules/schedules.service';
import { nextRunAfter } from '../schedules/next-run';
import { priceFor, readPrices, usd } from './prices.service';

/**
 * `GET /api/projects/{project}/parse/estimate` (extension, issue 13): what a run queued now would
 * charge, ask, spend and take, and the same per month on the project's schedule. Nothing is sent
 * anywhere: the figures come from the prompts, the project's own past answers and the price table.
 */

/** Characters per token, the usual rule of thumb for English and other Latin-script text. */
export const CHARS_PER_TOKEN = 4;
/** Output tokens per answer before a network has answered in this project. */
export const DEFAULT_OUTPUT_TOKENS = 700;
/** Answers looked at for a network's typical answer length (the newest). */
const TYPICAL_SAMPLE = 200;
/** Seconds a remote answer takes besides writing its tokens (queueing, web search). */
const REQUEST_OVERHEAD_S = 3;
/** Output tokens a remote model writes per second, a typical rate. */
const TOKENS_PER_SECOND = 50;

export const tokensOfText = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

interface Typical {
  /** Average reported input tokens per request; null when the provider never reported usage. */
  input: number | null;
  output: number;
}

/** A network's typical answer in this project: reported usage first, else answer length. */
async function typicalAnswer(ctx: EngineContext, projectId: number, neuralId: number): Promise<Typical> {
  const recent = ctx.db
    .selectFrom('answers')
    .select(['input_tokens', 'output_tokens', sql<number>`length(answer)`.as('chars')])
    .where('project_id', '=', projectId)
    .where('neural_id', '=', neuralId)
    .where('has_data', '=', 1)
    .orderBy('id', 'desc')
    .limit(TYPICAL_SAMPLE);
  const rows = await recent.execute();
  if (!rows.length) return { input: null, output: DEFAULT_OUTPUT_TOKENS };
  const reported = rows.filter((r) => r.input_tokens !== null && r.output_tokens !== null);
  if (reported.length)
    return {
      input: Math.round(reported.reduce((s, r) => s + r.input_tokens!, 0) / reported.length),
      output: Math.round(reported.reduce((s, r) => s + r.output_tokens!, 0) / reported.length),
    };
  const chars = rows.map((r) => Number(r.chars ?? 0)).sort((a, b) => a - b);
  return { input: null, output: Math.ceil(chars[Math.floor(chars.length / 2)] / CHARS_PER_TOKEN) };
}

/** Scheduled runs in the coming 365 days, on the scheduler's own clock rules. */
async function runsInAYear(ctx: EngineContext, projectId: number): Promise<number> {
  const { update } = await readSchedules(ctx.db, projectId);
  const { hour, timeZone } = await scheduleClock(ctx);
  const now = ctx.clock.now();
  const end = now.getTime() + 365 * 86_400_000;
  let count = 0;
  for (let at = nextRunAfter(update, now, hour, timeZone); at && at.getTime() <= end;) {
    count++;
    at = nextRunAfter(update, at, hour, timeZone);
  }
  return count;
}

/** Dollars to the millionth: one short answer on a cheap model costs about that much. */
const money = (v: number) => Math.round(v * 1_000_000) / 1_000_000;

export async function estimateRun(ctx: EngineContext, project: ProjectRow) {
  const [{ prompts, neurals, cost }, prices, yearRuns] = await Promise.all([
    chargeableTasks(ctx, project.id),
    readPrices(ctx),
    runsInAYear(ctx, project.id),
  ]);
  const promptTokens = prompts.reduce((sum, p) => sum + tokensOfText(p.value), 0);
  const concurrency = collectTuning(ctx).concurrency;
  let input = 0;
  let output = 0;
  let total = 0;
  const byNeural: Array<{ neural_id: number; usd: number | null }> = [];
  const secondsByProvider = new Map<string, number>();
  for (const n of neurals) {
    const typical = await typicalAnswer(ctx, project.id, n.id);
    const inTokens = typical.input === null ? promptTokens : typical.input * prompts.length;
    const outTokens = typical.output * prompts.length;
    input += inTokens;
    output += outTokens;
    const price = priceFor(prices, n.provider, n.model);
    const dollars = price ? money(usd(price, inTokens, outTokens)) : null;
    if (dollars !== null) total += dollars;
    byNeural.push({ neural_id: n.id, usd: dollars });
    // Requests of one provider share its limiter; providers run side by side.
    const perRequest = n.provider === 'demo' ? 0 : REQUEST_OVERHEAD_S + typical.output / TOKENS_PER_SECOND;
    secondsByProvider.set(
      n.provider,
      (secondsByProvider.get(n.provider) ?? 0) + (prompts.length * perRequest) / concurrency,
    );
  }
  const runs = yearRuns / 12;
  return {
    limits: cost,
    requests: neurals.map((n) => ({ neural_id: n.id, count: prompts.length })),
    tokens: { input, output },
    cost_usd: { total: money(total), by_neural: byNeural, prices_as_of: prices.as_of },
    duration_s: Math.ceil(Math.max(0, ...secondsByProvider.values())),
    monthly: {
      runs: Math.round(runs * 100) / 100,
      limits: Math.round(runs * cost),
      cost_usd: money(runs * total),
    },
  };
}
