import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { loadProject } from '../../access/project-access';
import { parseStatus } from '../../projects/projects.service';
import { queueParse, ParseRefused, refusalToHttp } from '../../collect/parse.service';
import { latestReanalysis, queueReanalysis } from '../../collect/reanalysis';

export const parseRoutes = new Hono<AppEnv>();

const parseBody = z.object({
  with_recommendations: z.boolean().optional(),
  with_frequency: z.boolean().optional(),
});

route(
  parseRoutes,
  'POST /api/projects/{project}/parse',
  async (c) => {
    const ctx = ctxOf(c);
    const project = await loadProject(ctx, userOf(c), idParam(c, 'project'), 'modify');
    const input = parseInput(parseBody, await bodyOf(c));
    await queueParse(ctx, project, input).catch((e) => {
      throw e instanceof ParseRefused ? refusalToHttp(e) : e;
    });
    const { id, name, brand, domain } = project;
    const parse = await parseStatus(ctx, project.id);
    return {
      message: 'The project is queued for a parse run.',
      data: { id, name, brand, domain, is_paused: project.is_paused === 1, parse },
    };
  },
  { status: 202 },
);

// Extension (issue 3 "Re-analysis"): re-run answer analysis over stored answers, no AI requests.
route(
  parseRoutes,
  'POST /api/projects/{project}/reanalyze',
  async (c) => {
    const ctx = ctxOf(c);
    const project = await loadProject(ctx, userOf(c), idParam(c, 'project'), 'modify');
    const reanalysis = await queueReanalysis(ctx, project.id, 'manual');
    return {
      message: 'Stored answers will be analysed again.',
      data: { job_id: reanalysis.job_id, reanalysis },
    };
  },
  { status: 202 },
);

// Extension (issue 11): the project's latest re-analysis and its progress, for the UI to follow.
route(parseRoutes, 'GET /api/projects/{project}/reanalyze', async (c) => {
  const ctx = ctxOf(c);
  const project = await loadProject(ctx, userOf(c), idParam(c, 'project'));
  return { data: await latestReanalysis(ctx, project.id) };
});
