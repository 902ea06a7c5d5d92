import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam } from '../params';
import { getFilters } from '../../filters/filters.service';

export const filtersRoutes = new Hono<AppEnv>();

filtersRoutes.get('/api/projects/:project{[0-9]+}/filters', async (c) => {
  return c.json({ data: await getFilters(ctxOf(c), userOf(c), idParam(c, 'project')) });
});
