import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam } from '../params';
import { route } from '../route';
import * as projects from '../../projects/projects.service';

export const projectsRoutes = new Hono<AppEnv>();

route(projectsRoutes, 'GET /api/projects', async (c) => {
  const rows = await projects.listProjects(ctxOf(c), userOf(c));
  return { data: rows.map(projects.toProject) };
});

route(projectsRoutes, 'GET /api/projects/{project}', async (c) => {
  return { data: await projects.getProjectWithParse(ctxOf(c), userOf(c), idParam(c, 'project')) };
});
