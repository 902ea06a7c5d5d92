import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { route } from '../route';
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

route(promptsRoutes, 'GET /api/projects/{project}/prompts', async (c) => {
  return { data: await prompts.listPrompts(ctxOf(c), userOf(c), idParam(c, 'project')) };
});

// 201 when a prompt was created; 200 when the request only gave existing prompts new groups.
route(promptsRoutes, 'POST /api/projects/{project}/prompts', async (c) => {
  const input = parseInput(addBody, await bodyOf(c));
  const { created, body } = await prompts.addPrompts(ctxOf(c), userOf(c), idParam(c, 'project'), input);
  c.status(created ? 201 : 200);
  return body;
});

route(promptsRoutes, 'DELETE /api/projects/{project}/prompts/{prompt}', async (c) => {
  const ids = [idParam(c, 'project'), idParam(c, 'prompt')] as const;
  return prompts.deletePrompt(ctxOf(c), userOf(c), ...ids);
});
