import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, idParam, queryOf } from '../params';
import { markDeprecated } from '../deprecation';
import { route } from '../route';
import { loadProject } from '../../access/project-access';
import * as answers from '../../analytics/answers';

export const answersRoutes = new Hono<AppEnv>();

const projectOf = (c: Context<AppEnv>) => loadProject(ctxOf(c), userOf(c), idParam(c, 'project'));

route(answersRoutes, 'GET /api/projects/{project}/answers/visibility', async (c) => {
  const project = await projectOf(c);
  const options = { showRelevantQuery: project.role === 'owner' };
  return answers.buildAnswersVisibility(ctxOf(c), project, queryOf(c), options);
});

// history (a page is ~4 MB at a year of data), sources-history (~12 MB, not paginated) and the
// deprecated /answers are streamed: see json-stream.ts.
route(
  answersRoutes,
  'GET /api/projects/{project}/answers/history',
  async (c) => answers.buildAnswersHistory(ctxOf(c), await projectOf(c), queryOf(c)),
  { send: 'stream' },
);

route(
  answersRoutes,
  'GET /api/projects/{project}/answers/sources-history',
  async (c) => answers.buildSourcesHistory(ctxOf(c), await projectOf(c), queryOf(c)),
  { send: 'stream' },
);

route(answersRoutes, 'GET /api/projects/{project}/answers/comparison', async (c) => {
  return answers.buildComparison(ctxOf(c), await projectOf(c), queryOf(c));
});

route(
  answersRoutes,
  'GET /api/projects/{project}/answers',
  async (c) => {
    const project = await projectOf(c);
    const body = await answers.buildAnswersLegacy(ctxOf(c), project, queryOf(c), {
      showRelevantQuery: project.role === 'owner',
    });
    markDeprecated(c, body.deprecation.successors);
    return body;
  },
  { send: 'stream' },
);
