import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, bodyOf, idParam, userOf } from '../params';
import { requireAdmin } from '../../account/users';
import { parseInput } from '../validate';
import { PROVIDERS } from '../../neurals/catalogue';
import * as neurals from '../../neurals/neurals.service';

export const neuralsRoutes = new Hono<AppEnv>();

neuralsRoutes.get('/api/neurals', async (c) => {
  const rows = await neurals.listNeurals(ctxOf(c));
  return c.json({ data: rows.map(neurals.toNeural) });
});

// Extension endpoints (decisions.md §3): manage the catalogue and its keys. Reading is open to
// every user (project settings list the networks); changing is for administrators: an entry's
// `base_url` decides where its key is sent.
const neuralBody = z.object({
  system_name: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9_.-]{0,63}$/,
      'The system name may hold lowercase letters, digits, dots, dashes and underscores.',
    ),
  display_name: z.string().trim().min(1).max(100),
  provider: z.enum(PROVIDERS),
  model: z.string().trim().min(1).max(200),
  base_url: z.url().nullish(),
  api_key: z.string().max(4000).nullish(),
  web_search_supported: z.boolean().optional(),
  model_url: z.url().nullish(),
});

neuralsRoutes.get('/api/app/neurals', async (c) => {
  const rows = await neurals.listNeurals(ctxOf(c));
  return c.json({ data: rows.map(neurals.toAppNeural) });
});

neuralsRoutes.post('/api/app/neurals', async (c) => {
  requireAdmin(userOf(c));
  const input = parseInput(neuralBody, await bodyOf(c));
  return c.json({ data: neurals.toAppNeural(await neurals.createNeural(ctxOf(c), input)) }, 201);
});

neuralsRoutes.patch('/api/app/neurals/:id', async (c) => {
  requireAdmin(userOf(c));
  const input = parseInput(neuralBody.partial(), await bodyOf(c));
  return c.json({ data: neurals.toAppNeural(await neurals.updateNeural(ctxOf(c), idParam(c, 'id'), input)) });
});

neuralsRoutes.delete('/api/app/neurals/:id', async (c) => {
  requireAdmin(userOf(c));
  await neurals.deleteNeural(ctxOf(c), idParam(c, 'id'));
  return c.json({ message: 'Neural network deleted.' });
});
