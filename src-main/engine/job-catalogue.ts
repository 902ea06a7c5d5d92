import type { MailMessage } from './mail/mailer';

/**
 * Every job the engine runs, in one place: its name and its payload. A name is stored in
 * `jobs.name` (a queued job outlives an upgrade), so names never change; each is `area.verb`.
 * `ctx.jobs.enqueue` and `register` take only these names, each with its own payload type.
 * Handlers live beside their area (`<area>/<name>.job.ts`, each exporting `<name>Job(ctx)`); the
 * composition root (engine.ts) registers them.
 */
export interface JobPayloads {
  /** collect/parse-run.job.ts */
  'collect.parse-run': { runId: number };
  /** collect/reanalyze.job.ts; `reanalysisId` is absent in jobs queued before migration 0008. */
  'collect.reanalyze': { projectId: number; reanalysisId?: number };
  /** reports/report-build.job.ts */
  'report.build': { report_id: number };
  /** reports/report-print.job.ts */
  'report.print': { report_id: number };
  /** mail/mail.job.ts */
  'mail.send': MailMessage;
  /** drafts/draft-propose.job.ts */
  'draft.propose': { draft_id: string };
}

export type JobName = keyof JobPayloads;
export type JobPayload<N extends JobName> = JobPayloads[N];

export const JOB = {
  parseRun: 'collect.parse-run',
  reanalyze: 'collect.reanalyze',
  reportBuild: 'report.build',
  reportPrint: 'report.print',
  mailSend: 'mail.send',
  draftPropose: 'draft.propose',
} as const satisfies Record<string, JobName>;
