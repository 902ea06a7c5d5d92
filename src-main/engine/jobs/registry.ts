import type { EngineContext } from '../context';
import { REPORT_BUILD_JOB, REPORT_PRINT_JOB } from '../reports/job-names';
import { failReport, reportBuildHandler } from '../reports/report-build.job';
import { reportPrintHandler } from '../reports/report-print.job';
import { MAIL_SEND_JOB, mailSendHandler } from '../mail/mail.job';
import { PARSE_RUN_JOB, REANALYZE_JOB } from '../collect/job-names';
import { giveUpRun, runParseJob } from '../collect/parse-run.job';
import { runReanalyzeJob } from '../collect/reanalyze.job';
import { PROPOSE_JOB } from '../drafts/drafts.service';
import { draftProposeJob } from '../drafts/draft-propose.job';

/**
 * Every job name and its handler, registered once at start. One line per job; the handler
 * files document what happens when a job runs twice or stops half-way.
 */
export function registerJobs(ctx: EngineContext): void {
  // Out of attempts: the run closes with what it collected (the rest refunded), never stays running.
  ctx.jobs.register(PARSE_RUN_JOB, (p: any, job) => runParseJob(ctx, p, job), {
    onGiveUp: (p: any) => giveUpRun(ctx, p.runId),
  });
  ctx.jobs.register(REANALYZE_JOB, (p: any, job) => runReanalyzeJob(ctx, p, job));
  ctx.jobs.register(REPORT_BUILD_JOB, reportBuildHandler(ctx), {
    onGiveUp: (p: any, error) => failReport(ctx, p.report_id, error),
  });
  ctx.jobs.register(REPORT_PRINT_JOB, reportPrintHandler(ctx));
  ctx.jobs.register(MAIL_SEND_JOB, mailSendHandler(ctx));
  ctx.jobs.register(PROPOSE_JOB, draftProposeJob(ctx));
}
