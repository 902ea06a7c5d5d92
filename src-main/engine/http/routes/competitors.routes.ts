import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf, bodyOf } from '../params';
import { route } from '../route';
import { loadProject } from '../../access/project-access';
import { buildCompetitors } from '../../analytics/competitors';
import * as admin from '../../analytics/competitor-admin';

export const competitorsRoutes = new Hono<AppEnv>();

route(competitorsRoutes, 'GET /api/projects/{project}/competitors', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
  return buildCompetitors(ctxOf(c), project, queryOf(c));
});

route(competitorsRoutes, 'PATCH /api/projects/{project}/competitors/{competitor}', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return admin.updateCompetitor(ctxOf(c), project, idParam(c, 'competitor'), await bodyOf(c));
});

route(competitorsRoutes, 'POST /api/projects/{project}/competitors/{competitor}/merge', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return admin.mergeCompetitors(ctxOf(c), project, idParam(c, 'competitor'), await bodyOf(c));
});

route(competitorsRoutes, 'POST /api/projects/{project}/competitors/{competitor}/split', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return admin.splitCompetitor(ctxOf(c), project, idParam(c, 'competitor'), await bodyOf(c));
});
