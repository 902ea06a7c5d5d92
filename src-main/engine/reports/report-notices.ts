import type { EngineContext } from '../context';
import type { ReportOptions } from '../../../src-shared/api/reports';
import { queueMail } from '../mail/mail.job';
import { reportLanguage } from './blocks/catalogue';
import type { ReportPeriods } from './reports.service';

/**
 * The e-mail notices of a report (api-spec.md "Events" 2): success to `options.report_email`,
 * failure to `options.report_email_notifications`, in the project's language.
 */
export async function queueReportNotice(ctx: EngineContext, reportId: number, outcome: 'done' | 'failed') {
  const report = await ctx.db
    .selectFrom('reports')
    .innerJoin('projects', 'projects.id', 'reports.project_id')
    .select([
      'reports.id',
      'reports.project_id',
      'reports.user_id',
      'reports.options',
      'reports.periods',
      'reports.error',
      'projects.name',
      'projects.brand',
      'projects.language',
    ])
    .where('reports.id', '=', reportId)
    .executeTakeFirstOrThrow();
  const options = JSON.parse(report.options) as ReportOptions;
  const to = outcome === 'done' ? options.report_email : options.report_email_notifications;
  if (!to?.length) return;
  const { main } = JSON.parse(report.periods) as ReportPeriods;
  const ru = reportLanguage(report.language) === 'ru';
  const link = `${ctx.publicUrl()}/#/projects/${report.project_id}/reports/${report.id}`;
  const period = ru ? `${main.from} — ${main.to}` : `${main.from} to ${main.to}`;
  const subject =
    outcome === 'done'
      ? ru
        ? `Отчёт готов: ${report.name} (${period})`
        : `Report ready: ${report.name} (${period})`
      : ru
        ? `Ошибка формирования отчёта: ${report.name}`
        : `Report failed: ${report.name}`;
  const text =
    outcome === 'done'
      ? ru
        ? `Отчёт №${report.id} по бренду «${report.brand}» за период ${period} готов.\n\nОткрыть: ${link}\n\nAnswerScope`
        : `Report #${report.id} for the brand "${report.brand}" over ${period} is ready.\n\nOpen it: ${link}\n\nAnswerScope`
      : ru
        ? `Отчёт №${report.id} по бренду «${report.brand}» за период ${period} не удалось сформировать.\nПричина: ${report.error ?? 'неизвестна'}\n\nСоздайте отчёт заново: ${link}\n\nAnswerScope`
        : `Report #${report.id} for the brand "${report.brand}" over ${period} could not be generated.\nReason: ${report.error ?? 'unknown'}\n\nCreate a new report: ${link}\n\nAnswerScope`;
  await queueMail(ctx, { project_id: report.project_id, user_id: report.user_id, to, subject, text });
}
