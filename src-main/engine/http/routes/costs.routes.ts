import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { loadProject } from '../../access/project-access';
import { estimateRun } from '../../costs/estimate';
import { readPrices, savePrices } from '../../costs/prices.service';
import { spendByNetwork } from '../../costs/spend';

/** Extension endpoints of issue 13: what a run will cost, the price table, spend so far. */
export const costsRoutes = new Hono<AppEnv>();

costsRoutes.get('/api/projects/:project{[0-9]+}/parse/estimate', async (c) => {
  const ctx = ctxOf(c);
  const project = await loadProject(ctx, userOf(c), idParam(c, 'project'));
  return c.json({ data: await estimateRun(ctx, project) });
});

costsRoutes.get('/api/app/prices', async (c) => c.json({ data: await readPrices(ctxOf(c)) }));

costsRoutes.patch('/api/app/prices', async (c) =>
  c.json({ data: await savePrices(ctxOf(c), userOf(c), await bodyOf(c)) }),
);

costsRoutes.get('/api/app/spend', async (c) => c.json({ data: await spendByNetwork(ctxOf(c), userOf(c)) }));
