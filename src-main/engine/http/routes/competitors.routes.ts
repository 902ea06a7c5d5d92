import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf, bodyOf } from '../params';
import { loadProject } from '../../access/project-access';
import { buildCompetitors } from '../../analytics/competitors';
import * as admin from '../../analytics/competitor-admin';

export const competitorsRoutes = new Hono<AppEnv>();

const one = '/api/projects/:project{[0-9]+}/competitors/:competitor{[0-9]+}';

competitorsRoutes.get('/api/projects/:project{[0-9]+}/competitors', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
  return c.json(await buildCompetitors(ctxOf(c), project, queryOf(c)));
});

competitorsRoutes.patch(one, async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return c.json(await admin.updateCompetitor(ctxOf(c), project, idParam(c, 'competitor'), await bodyOf(c)));
});

competitorsRoutes.post(`${one}/merge`, async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return c.json(await admin.mergeCompetitors(ctxOf(c), project, idParam(c, 'competitor'), await bodyOf(c)));
});

competitorsRoutes.post(`${one}/split`, async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return c.json(await admin.splitCompetitor(ctxOf(c), project, idParam(c, 'competitor'), await bodyOf(c)));
});
