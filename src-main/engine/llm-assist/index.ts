/**
 * The analysis model (decisions.md §3): one network of the catalogue, chosen in the app settings,
 * that helps answer analysis, draft proposals and the `ai_conclusions` report block through
 * structured output. Every caller has an offline result to fall back to, so nothing here throws
 * at a caller: "no model" and "the model failed" are both `null`.
 */
export { resolveAnalysisModel, languageModelFor, type AnalysisModel } from './model';
export { generateStructured, DEFAULT_TIMEOUT_MS, type StructuredRequest } from './generate';
export {
  assistAnswerAnalysis,
  configureAnswerAssist,
  answerAssistTuning,
  type AnswerAssistant,
  type AnswerAssistTuning,
} from './run-assistant';
export { mergeAnswerAssist, answerAssistSchema, type AnswerAssist } from './answer-assist';
export { proposeWithModel, validateProposals } from './draft-proposals';
