import type { EngineContext } from '../context';
import { resolveAnalysisModel, type AnalysisModel } from '../llm-assist/model';

export type { AnalysisModel } from '../llm-assist/model';

/**
 * The analysis model chosen in the app settings (decisions.md §3), as an AI SDK language model,
 * or null when none is set (or it is `demo`, or it was deleted). The report blocks' entry to the
 * shared analysis-model module, which owns resolving the network and building its model.
 */
export function analysisModel(ctx: EngineContext): Promise<AnalysisModel | null> {
  return resolveAnalysisModel(ctx);
}
