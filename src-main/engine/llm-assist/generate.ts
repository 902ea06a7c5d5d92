import { generateText, Output } from 'ai';
import type { z } from 'zod';
import type { EngineContext } from '../context';
import { resolveAnalysisModel, type AnalysisModel } from './model';

export interface StructuredRequest<T> {
  /** The shape the answer must have; the AI SDK checks it, so a wrong shape is a failure. */
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Stops both attempts (an engine closing). */
  signal?: AbortSignal;
  /** An already resolved model (callers that ask many times resolve once); else the app setting's. */
  using?: AnalysisModel | null;
  /** Short name of the caller for the log line of a failure. */
  purpose?: string;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** One retry: a model that fails twice in a row is not asked a third time; the caller falls back. */
const ATTEMPTS = 2;

/**
 * One structured-output request to the analysis model (decisions.md §3): the system and user
 * prompts in, an object of `schema` out, or null when no model is set, it cannot be reached, it
 * times out or it answers something that is not the schema (twice). Null always means "use the
 * offline result": callers never see an error from here.
 */
export async function generateStructured<T>(
  ctx: EngineContext,
  request: StructuredRequest<T>,
): Promise<T | null> {
  const chosen = request.using === undefined ? await resolveAnalysisModel(ctx) : request.using;
  if (!chosen) return null;
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (request.signal?.aborted) return null;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const { output } = await generateText({
        model: chosen.model,
        system: request.system,
        prompt: request.prompt,
        output: Output.object({ schema: request.schema }),
        // The retry policy is this loop's (one retry, any failure), not the SDK's.
        maxRetries: 0,
        temperature: 0,
        abortSignal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
      return output as T;
    } catch (error) {
      lastError = error;
    }
  }
  warnOnce(chosen, request.purpose ?? 'analysis', lastError);
  return null;
}

/** One log line per network and purpose per minute: a failing model in a long run must not flood the log. */
const lastWarned = new Map<string, number>();
function warnOnce(chosen: AnalysisModel, purpose: string, error: unknown) {
  const key = `${chosen.neural.id}:${purpose}`;
  const now = Date.now();
  if ((lastWarned.get(key) ?? 0) > now - 60_000) return;
  lastWarned.set(key, now);
  const message = error instanceof Error ? error.message : String(error);
  console.warn(
    `[analysis-model] ${chosen.neural.system_name} failed (${purpose}); the offline result is used: ${message.slice(0, 200)}`,
  );
}
