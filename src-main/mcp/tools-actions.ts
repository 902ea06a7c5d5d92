import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Project, ParseStatus } from '../../src-shared/api/core';
import {
  BLOCK_SLUGS,
  COMPARISON_PERIODS,
  MAIN_PERIODS,
  type DownloadResponse,
  type ReportBlockDefinition,
  type ReportStatus,
} from '../../src-shared/api/reports';
import type { Api } from './api';
import { guarded, toolResult } from './results';
import { dateRange, projectId } from './schemas';

export interface ActionToolOptions {
  /**
   * Said after queuing work when this process runs no jobs (the stdio server): who will do it.
   * Null where the same process runs them (`serve`).
   */
  jobsNote?: string | null;
  /**
   * The PDF's file on this machine, for a host that reads the data folder and serves no HTTP
   * (stdio): the tool then gives that path and its file:// URL instead of the API's link.
   */
  pdfPath?: (reportId: number) => Promise<string | null>;
}

const POLL_MS = 1000;

function parseText(parse: ParseStatus): string {
  if (parse.in_progress)
    return `A run is ${parse.status === 'queued' ? 'queued' : `in progress (${parse.progress}%${parse.phase ? `, ${parse.phase}` : ''})`}${parse.started_at ? `, started ${parse.started_at}` : ''}.`;
  return parse.last_completed_at
    ? `No run is going; the last one finished ${parse.last_completed_at}.`
    : 'No run yet.';
}

/** The tools that act (list, run, report), one function each, in the order clients list them. */
export function registerActionTools(server: McpServer, api: Api, options: ActionToolOptions = {}): void {
  const note = options.jobsNote ? ` ${options.jobsNote}` : '';
  registerListProjectsTool(server, api);
  registerStartRunTool(server, api, note);
  registerGetRunStatusTool(server, api);
  registerCreateReportTool(server, api, note, options);
}

function registerListProjectsTool(server: McpServer, api: Api): void {
  server.registerTool(
    'list_projects',
    {
      title: 'Projects',
      description:
        'The AnswerScope projects this user may see (own and shared): id, name, brand, domain. Use the id as project_id.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(async () => {
        const { data } = await api<{ data: Project[] }>({ method: 'GET', path: '/api/projects' });
        const text = data.length
          ? data
              .map(
                (p) =>
                  `#${p.id} ${p.name}: brand ${p.brand}, ${p.domain || 'no site'}${p.is_paused ? ' (paused)' : ''}`,
              )
              .join('\n')
          : 'No projects yet.';
        return toolResult({ projects: data }, text);
      }),
  );
}

function registerStartRunTool(server: McpServer, api: Api, note: string): void {
  server.registerTool(
    'start_run',
    {
      title: 'Start a run',
      description:
        "Queues a run: every prompt of the project is sent to its AI networks and the answers analysed. Needs the right to change the project, and is charged to the owner's limits (refused when they are too few). Follow it with get_run_status.",
      inputSchema: {
        project_id: projectId,
        with_recommendations: z
          .boolean()
          .optional()
          .describe('Force recommendations after the run on or off; default: the schedule decides.'),
        with_frequency: z
          .boolean()
          .optional()
          .describe('Force the frequency check on or off; default: the schedule decides.'),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    (f) =>
      guarded(async () => {
        const body = await api<{ message: string; data: Project & { parse: ParseStatus } }>({
          method: 'POST',
          path: `/api/projects/${f.project_id}/parse`,
          body: { with_recommendations: f.with_recommendations, with_frequency: f.with_frequency },
        });
        return toolResult(
          { message: body.message, project_id: body.data.id, parse: body.data.parse },
          `${body.message} ${parseText(body.data.parse)}${note}`,
        );
      }),
  );
}

function registerGetRunStatusTool(server: McpServer, api: Api): void {
  server.registerTool(
    'get_run_status',
    {
      title: 'Run status',
      description:
        "The project's run: queued, in progress (progress 0–100 and phase) or idle, and when the last one finished.",
      inputSchema: { project_id: projectId },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (f) =>
      guarded(async () => {
        const { data } = await api<{ data: Project & { parse: ParseStatus } }>({
          method: 'GET',
          path: `/api/projects/${f.project_id}`,
        });
        return toolResult({ project_id: data.id, name: data.name, parse: data.parse }, parseText(data.parse));
      }),
  );
}

/** create_report: the report options of api-spec.md "Reports", or an existing report to look at. */
const CREATE_REPORT_INPUT = {
  project_id: projectId,
  report_id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('An existing report to check instead of creating one.'),
  period_main: z.enum(MAIN_PERIODS).optional().describe('Default last_30_days.'),
  period_main_dates: dateRange.optional().describe('With period_main custom: [first, last] day.'),
  comparison_enabled: z.boolean().optional().describe('Compare with another period (default false).'),
  period_comparison: z.enum(COMPARISON_PERIODS).optional(),
  period_compare_dates: dateRange.optional(),
  blocks: z.array(z.enum(BLOCK_SLUGS)).min(1).optional().describe('Block slugs; default every block.'),
  file_type: z.enum(['none', 'pdf']).optional().describe('Default pdf.'),
  wait_seconds: z
    .number()
    .int()
    .min(0)
    .max(120)
    .optional()
    .describe('How long to wait for the report and its PDF (default 20).'),
};

function registerCreateReportTool(
  server: McpServer,
  api: Api,
  note: string,
  options: ActionToolOptions,
): void {
  server.registerTool(
    'create_report',
    {
      title: 'Create a report',
      description:
        "Creates a report of the project for a period (the blocks of the Reports screen; default all) and, with file_type pdf (the default), its PDF. Waits up to wait_seconds for it, then returns the report id, its status and, once printed, the PDF's link (and its path on this computer when known). To look at a report again without creating one, pass its report_id.",
      inputSchema: CREATE_REPORT_INPUT,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (f, extra) =>
      guarded(async () => {
        const base = `/api/projects/${f.project_id}/reports`;
        let reportId = f.report_id;
        const fileType = f.file_type ?? 'pdf';
        if (reportId === undefined) {
          const slugs =
            f.blocks ??
            (
              await api<{ data: ReportBlockDefinition[] }>({ method: 'GET', path: `${base}/blocks` })
            ).data.map((b) => b.slug);
          const created = await api<{ id: number }>({
            method: 'POST',
            path: base,
            body: {
              options: {
                period_main: f.period_main ?? 'last_30_days',
                period_main_dates: f.period_main_dates,
                comparison_enabled: f.comparison_enabled ?? false,
                period_comparison: f.period_comparison,
                period_compare_dates: f.period_compare_dates,
                blocks: slugs.map((slug) => ({ slug })),
                file_type: fileType,
              },
            },
          });
          reportId = created.id;
        }
        const deadline = Date.now() + (f.wait_seconds ?? 20) * 1000;
        const waiting = () => Date.now() < deadline && !extra.signal.aborted;

        let status: ReportStatus = 'queued';
        for (;;) {
          status = (
            await api<{ status: ReportStatus }>({ method: 'GET', path: `${base}/${reportId}/status` })
          ).status;
          if (status === 'done' || status === 'failed' || !waiting()) break;
          await sleep(POLL_MS, extra.signal);
        }

        const wantsPdf = f.report_id !== undefined || fileType === 'pdf';
        const pdf =
          status === 'done' && wantsPdf
            ? await waitForPdf(api, options, base, reportId, waiting, extra.signal)
            : null;

        const lines = [`Report #${reportId}: ${status}.`];
        if (pdf?.status === 'success') lines.push(`PDF: ${pdf.path ?? pdf.file}`);
        else if (pdf) lines.push(pdf.message);
        if (status !== 'done' && status !== 'failed')
          lines.push(`Not done yet: call create_report with report_id ${reportId} to look again.${note}`);
        return toolResult({ report_id: reportId, status, pdf }, lines.join('\n'));
      }),
  );
}

/** Asks for the report's PDF (which starts printing it) until it is printed, failed, or the wait is over. */
async function waitForPdf(
  api: Api,
  options: ActionToolOptions,
  base: string,
  reportId: number,
  waiting: () => boolean,
  signal: AbortSignal,
): Promise<DownloadResponse & { path: string | null }> {
  for (;;) {
    const download = await api<DownloadResponse>({ method: 'GET', path: `${base}/${reportId}/download` });
    const path = download.status === 'success' ? ((await options.pdfPath?.(reportId)) ?? null) : null;
    // Over stdio the engine listens nowhere, so its link would lead nowhere: the file's
    // own URL instead (docs/mcp.md).
    const file = options.pdfPath ? (path ? pathToFileURL(path).href : null) : download.file;
    const pdf = { ...download, file, path };
    if (download.status === 'success' || download.print_error || !waiting()) return pdf;
    await sleep(POLL_MS, signal);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
