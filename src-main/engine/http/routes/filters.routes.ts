import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam } from '../params';
import { route } from '../route';
import { getFilters } from '../../filters/filters.service';

export const filtersRoutes = new Hono<AppEnv>();

route(filtersRoutes, 'GET /api/projects/{project}/filters', async (c) => {
  // The spec lists the response's fields at the top level (no `data` wrapper).
  return getFilters(ctxOf(c), userOf(c), idParam(c, 'project'));
});
