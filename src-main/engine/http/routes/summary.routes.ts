import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf } from '../params';
import { loadProject } from '../../access/project-access';
import { buildSummary } from '../../analytics/summary';

export const summaryRoutes = new Hono<AppEnv>();

summaryRoutes.get('/api/projects/:project{[0-9]+}/summary', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
  return c.json(await buildSummary(ctxOf(c), project, queryOf(c)));
});
