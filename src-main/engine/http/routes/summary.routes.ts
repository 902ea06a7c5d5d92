import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf } from '../params';
import { route } from '../route';
import { loadProject } from '../../access/project-access';
import { buildSummary } from '../../analytics/summary';

export const summaryRoutes = new Hono<AppEnv>();

route(summaryRoutes, 'GET /api/projects/{project}/summary', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
  return buildSummary(ctxOf(c), project, queryOf(c));
});
