import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam } from '../params';
import * as projects from '../../projects/projects.service';

export const projectsRoutes = new Hono<AppEnv>();

projectsRoutes.get('/api/projects', async (c) => {
  const rows = await projects.listProjects(ctxOf(c), userOf(c));
  return c.json({ data: rows.map(projects.toProject) });
});

projectsRoutes.get('/api/projects/:project{[0-9]+}', async (c) => {
  return c.json({ data: await projects.getProjectWithParse(ctxOf(c), userOf(c), idParam(c, 'project')) });
});
