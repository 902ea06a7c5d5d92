import { analyzeAnswer } from '../analysis/analyze';
import type { AnalysisInput, AnalysisResult } from '../analysis/types';

export type Analyze = (input: AnalysisInput) => AnalysisResult;

/**
 * The analysis functions a run and a re-analysis use (decisions.md §5). Kept behind this one
 * function so a run could fall back to storing bare texts if analysis were unavailable; the run
 * job and re-analysis never call analysis code directly.
 */
export async function loadAnalyzer(): Promise<Analyze | null> {
  return analyzeAnswer;
}
