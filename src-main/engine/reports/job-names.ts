/** Job names of the reports area (registered in jobs/registry.ts). */
export const REPORT_BUILD_JOB = 'report.build';
export const REPORT_PRINT_JOB = 'report.print';
