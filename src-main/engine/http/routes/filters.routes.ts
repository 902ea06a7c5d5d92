import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam } from '../params';
import { getFilters } from '../../filters/filters.service';

export const filtersRoutes = new Hono<AppEnv>();

filtersRoutes.get('/api/projects/:project{[0-9]+}/filters', async (c) => {
  // The spec lists the response's fields at the top level (no `data` wrapper).
  return c.json(await getFilters(ctxOf(c), userOf(c), idParam(c, 'project')));
});
