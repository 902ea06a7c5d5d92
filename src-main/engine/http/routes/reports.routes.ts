import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { bodyOf, ctxOf, idParam, queryOf, userOf } from '../params';
import * as reports from '../../reports/reports.service';

export const reportsRoutes = new Hono<AppEnv>();

const base = '/api/projects/:project{[0-9]+}/reports';
const one = `${base}/:report{[0-9]+}`;

reportsRoutes.get(base, async (c) => {
  const path = new URL(c.req.url).pathname;
  return c.json(await reports.listReports(ctxOf(c), userOf(c), idParam(c, 'project'), queryOf(c), path));
});

reportsRoutes.post(base, async (c) => {
  const created = await reports.createReport(ctxOf(c), userOf(c), idParam(c, 'project'), await bodyOf(c));
  return c.json(created, 201);
});

reportsRoutes.get(`${base}/blocks`, async (c) => {
  return c.json({ data: await reports.listBlocks(ctxOf(c), userOf(c), idParam(c, 'project')) });
});

reportsRoutes.get(one, async (c) => {
  const data = await reports.getReport(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report'));
  return c.json({ data });
});

reportsRoutes.get(`${one}/status`, async (c) => {
  return c.json(await reports.reportStatus(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report')));
});

reportsRoutes.get(`${one}/download`, async (c) => {
  return c.json(
    await reports.downloadReport(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report')),
  );
});

// Extension: the `file` link of /download. Served to the same token that may read the report.
reportsRoutes.get(`${one}/file`, async (c) => {
  const file = await reports.reportFile(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'report'));
  return c.body(new Uint8Array(file.bytes), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${file.name}"`,
  });
});
