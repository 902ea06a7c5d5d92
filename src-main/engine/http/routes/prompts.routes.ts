import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { parseInput } from '../../validation/parse-input';
import * as prompts from '../../prompts/prompts.service';

export const promptsRoutes = new Hono<AppEnv>();

const groupIds = z.array(z.int().positive()).max(100);
const addBody = z.object({
  prompts: z
    .array(
      z.union([
        z.string().max(2000),
        z.object({
          value: z.string().max(2000),
          group_ids: groupIds.optional(),
          group_name: z.string().trim().max(255).optional(),
        }),
      ]),
    )
    .min(1)
    .max(1000),
  group_ids: groupIds.optional(),
});

promptsRoutes.get('/api/projects/:project{[0-9]+}/prompts', async (c) => {
  return c.json({ data: await prompts.listPrompts(ctxOf(c), userOf(c), idParam(c, 'project')) });
});

promptsRoutes.post('/api/projects/:project{[0-9]+}/prompts', async (c) => {
  const input = parseInput(addBody, await bodyOf(c));
  const result = await prompts.addPrompts(ctxOf(c), userOf(c), idParam(c, 'project'), input);
  return c.json(result.body, result.status);
});

promptsRoutes.delete('/api/projects/:project{[0-9]+}/prompts/:prompt{[0-9]+}', async (c) => {
  const ids = [idParam(c, 'project'), idParam(c, 'prompt')] as const;
  return c.json(await prompts.deletePrompt(ctxOf(c), userOf(c), ...ids));
});
