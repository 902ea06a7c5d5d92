import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { route } from '../route';
import { loadProject } from '../../access/project-access';
import { estimateRun } from '../../costs/estimate';
import { readPrices, savePrices } from '../../costs/prices.service';
import { spendByNetwork } from '../../costs/spend';

/** Extension endpoints of issue 13: what a run will cost, the price table, spend so far. */
export const costsRoutes = new Hono<AppEnv>();

route(costsRoutes, 'GET /api/projects/{project}/parse/estimate', async (c) => {
  const ctx = ctxOf(c);
  const project = await loadProject(ctx, userOf(c), idParam(c, 'project'));
  return { data: await estimateRun(ctx, project) };
});

route(costsRoutes, 'GET /api/app/prices', async (c) => ({ data: await readPrices(ctxOf(c)) }));

route(costsRoutes, 'PATCH /api/app/prices', async (c) => ({
  data: await savePrices(ctxOf(c), userOf(c), await bodyOf(c)),
}));

route(costsRoutes, 'GET /api/app/spend', async (c) => ({ data: await spendByNetwork(ctxOf(c), userOf(c)) }));
