import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf, bodyOf } from '../params';
import { markDeprecated } from '../deprecation';
import { streamJson } from '../json-stream';
import { loadProject } from '../../access/project-access';
import * as sources from '../../analytics/sources';

export const sourcesRoutes = new Hono<AppEnv>();

const base = '/api/projects/:project{[0-9]+}/sources';

sourcesRoutes.get(`${base}/list`, async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
  // Page links from the engine's public address, never from the request's Host.
  const { pathname, search } = new URL(c.req.url);
  const url = `${ctxOf(c).publicUrl()}${pathname}${search}`;
  return c.json(await sources.buildSourcesList(ctxOf(c), project, queryOf(c), url));
});

sourcesRoutes.put(`${base}/domain-type`, async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'), 'modify');
  return c.json(await sources.setDomainType(ctxOf(c), project, await bodyOf(c)));
});

sourcesRoutes.get(base, async (c) => {
  const project = await loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));
  const body = await sources.buildSourcesLegacy(ctxOf(c), project, queryOf(c));
  markDeprecated(c, body.deprecation.successors);
  // Every domain plus the whole site history (as big as answers/sources-history): streamed.
  return streamJson(c, body);
});
