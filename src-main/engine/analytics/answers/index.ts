/**
 * The answers tabs, one module per endpoint (api-spec.md "Answers"); `shared.ts` holds the prompt
 * list every tab pages through, `full-answers.ts` the answer texts the visibility and comparison
 * tabs show.
 */
export { DEFAULT_PER_PAGE, sortPrompts } from './shared';
export { MAX_URLS } from './full-answers';
export { buildAnswersVisibility, type AnswersOptions } from './visibility';
export { buildAnswersHistory } from './history';
export { buildAnswersLegacy } from './legacy';
export { buildComparison, snapToUpdate } from './comparison';
export { buildSourcesHistory, sourcesHistoryBody } from './sources-history';
