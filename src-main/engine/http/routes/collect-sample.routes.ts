import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf } from '../params';
import { route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { createSampleProject } from '../../collect/sample-project';

/** Extension (issue 3 "Sample data"): the first-run screen's "show me a sample". */
export const collectSampleRoutes = new Hono<AppEnv>();

const sampleBody = z.object({ language: z.enum(['ru', 'en', 'de', 'es']).optional() });

route(
  collectSampleRoutes,
  'POST /api/app/sample-project',
  async (c) => {
    const input = parseInput(sampleBody, await bodyOf(c));
    return { data: { project_id: await createSampleProject(ctxOf(c), userOf(c).id, input) } };
  },
  { status: 201 },
);
