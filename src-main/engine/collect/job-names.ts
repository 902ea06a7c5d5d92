/** Job names of the collection area (registered in jobs/registry.ts). */
export const PARSE_RUN_JOB = 'collect.parse-run';
export const REANALYZE_JOB = 'collect.reanalyze';
