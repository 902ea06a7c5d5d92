import type { EngineContext } from '../context';
import { analyzeAnswer } from '../answer-reading/analyze';
import type { AnalysisInput, AnalysisResult } from '../answer-reading/types';
import { assistAnswerAnalysis, type AnswerAssistant } from '../llm-assist/run-assistant';

export type Analyze = (input: AnalysisInput) => AnalysisResult;
/** Analysis of one answer as a run does it: offline first, then the analysis model's help when set. */
export type RunAnalyze = (input: AnalysisInput) => Promise<AnalysisResult>;

/**
 * The offline analysis functions (decisions.md §5), pure and synchronous: what sample data and
 * benchmarks use, and what a run falls back to. Kept behind this one function so a run could
 * store bare texts if analysis were unavailable; the jobs never call analysis code directly.
 */
export async function loadAnalyzer(): Promise<Analyze | null> {
  return analyzeAnswer;
}

/**
 * The analysis of one parse run or one re-analysis (decisions.md §3, §5): the offline result
 * always, and when an analysis model is set in the app settings, the model's reading of
 * competitors, tone and comment merged in where it checks out against the text. The model is
 * resolved once per run, asked at a bounded concurrency and at most a budget of times per run;
 * any failure leaves the offline result standing. Call once per run (the budget is per call).
 */
export async function loadRunAnalyzer(ctx: EngineContext): Promise<RunAnalyze> {
  const assistant: AnswerAssistant | null = await assistAnswerAnalysis(ctx);
  if (!assistant) return async (input) => analyzeAnswer(input);
  return async (input) => assistant.assist(input, analyzeAnswer(input));
}
