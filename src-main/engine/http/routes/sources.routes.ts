import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf, bodyOf } from '../params';
import { markDeprecated } from '../deprecation';
import { route } from '../route';
import { loadProject } from '../../access/project-access';
import * as sources from '../../analytics/sources';

export const sourcesRoutes = new Hono<AppEnv>();

route(sourcesRoutes, 'GET /api/projects/{project}/sources/list', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
  // Page links from the engine's public address, never from the request's Host.
  const { pathname, search } = new URL(c.req.url);
  const url = `${ctxOf(c).publicUrl()}${pathname}${search}`;
  return sources.buildSourcesList(ctxOf(c), project, queryOf(c), url);
});

route(sourcesRoutes, 'PUT /api/projects/{project}/sources/domain-type', async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return sources.setDomainType(ctxOf(c), project, await bodyOf(c));
});

// Every domain plus the whole site history (as big as answers/sources-history): streamed.
route(
  sourcesRoutes,
  'GET /api/projects/{project}/sources',
  async (c) => {
    const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
    const body = await sources.buildSourcesLegacy(ctxOf(c), project, queryOf(c));
    markDeprecated(c, body.deprecation.successors);
    return body;
  },
  { send: 'stream' },
);
