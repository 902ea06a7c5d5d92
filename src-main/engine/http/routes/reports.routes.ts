import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { bodyOf, ctxOf, idParam, queryOf, userOf } from '../params';
import { route } from '../route';
import * as reports from '../../reports/reports.service';

export const reportsRoutes = new Hono<AppEnv>();

route(reportsRoutes, 'GET /api/projects/{project}/reports', async (c) => {
  const path = new URL(c.req.url).pathname;
  return reports.listReports(ctxOf(c), userOf(c), idParam(c, 'project'), queryOf(c), path);
});

route(
  reportsRoutes,
  'POST /api/projects/{project}/reports',
  async (c) => reports.createReport(ctxOf(c), userOf(c), idParam(c, 'project'), await bodyOf(c)),
  { status: 201 },
);

route(reportsRoutes, 'GET /api/projects/{project}/reports/blocks', async (c) => {
  return { data: await reports.listBlocks(ctxOf(c), userOf(c), idParam(c, 'project')) };
});

route(reportsRoutes, 'GET /api/projects/{project}/reports/{report}', async (c) => {
  return { data: await reports.getReport(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report')) };
});

route(reportsRoutes, 'GET /api/projects/{project}/reports/{report}/status', async (c) => {
  return reports.reportStatus(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report'));
});

route(reportsRoutes, 'GET /api/projects/{project}/reports/{report}/download', async (c) => {
  return reports.downloadReport(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report'));
});

// Extension: the `file` link of /download. Served to the same token that may read the report.
// A PDF, not JSON: outside the route table (the UI fetches it with `Transport.download`).
reportsRoutes.get('/api/projects/:project{[0-9]+}/reports/:report{[0-9]+}/file', async (c) => {
  const file = await reports.reportFile(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report'));
  return c.body(new Uint8Array(file.bytes), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${file.name}"`,
  });
});
