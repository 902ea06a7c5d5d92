import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { settingsPatchBody } from '../../settings/settings.input';
import * as settings from '../../settings/settings.service';

export const settingsRoutes = new Hono<AppEnv>();

route(settingsRoutes, 'GET /api/projects/{project}/settings', async (c) => {
  return { data: await settings.getSettings(ctxOf(c), userOf(c), idParam(c, 'project')) };
});

// decisions.md §8: PATCH answers with the settings as GET returns them.
route(settingsRoutes, 'PATCH /api/projects/{project}/settings', async (c) => {
  const input = parseInput(settingsPatchBody, await bodyOf(c));
  return { data: await settings.updateSettings(ctxOf(c), userOf(c), idParam(c, 'project'), input) };
});
