import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf } from '../params';
import { markDeprecated } from '../deprecation';
import { streamJson } from '../json-stream';
import { loadProject } from '../../access/project-access';
import * as answers from '../../analytics/answers';

export const answersRoutes = new Hono<AppEnv>();

const base = '/api/projects/:project{[0-9]+}/answers';
const projectOf = (c: Parameters<typeof ctxOf>[0]) => loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));

answersRoutes.get(`${base}/visibility`, async (c) => {
  const project = await projectOf(c);
  const options = { showRelevantQuery: project.role === 'owner' };
  return c.json(await answers.buildAnswersVisibility(ctxOf(c), project, queryOf(c), options));
});

// history (a page is ~4 MB at a year of data), sources-history (~12 MB, not paginated) and the
// deprecated /answers are streamed: see json-stream.ts.
answersRoutes.get(`${base}/history`, async (c) => {
  return streamJson(c, await answers.buildAnswersHistory(ctxOf(c), await projectOf(c), queryOf(c)));
});

answersRoutes.get(`${base}/sources-history`, async (c) => {
  return streamJson(c, await answers.buildSourcesHistory(ctxOf(c), await projectOf(c), queryOf(c)));
});

answersRoutes.get(`${base}/comparison`, async (c) => {
  return c.json(await answers.buildComparison(ctxOf(c), await projectOf(c), queryOf(c)));
});

answersRoutes.get(base, async (c) => {
  const project = await projectOf(c);
  const body = await answers.buildAnswersLegacy(ctxOf(c), project, queryOf(c), {
    showRelevantQuery: project.role === 'owner',
  });
  markDeprecated(c, body.deprecation.successors);
  return streamJson(c, body);
});
