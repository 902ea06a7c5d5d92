import { Hono } from 'hono';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { parseInput } from '../../validation/parse-input';
import { settingsPatchBody } from '../../settings/settings.input';
import * as settings from '../../settings/settings.service';

export const settingsRoutes = new Hono<AppEnv>();

settingsRoutes.get('/api/projects/:project{[0-9]+}/settings', async (c) => {
  return c.json({ data: await settings.getSettings(ctxOf(c), userOf(c), idParam(c, 'project')) });
});

// decisions.md §8: PATCH answers with the settings as GET returns them.
settingsRoutes.patch('/api/projects/:project{[0-9]+}/settings', async (c) => {
  const input = parseInput(settingsPatchBody, await bodyOf(c));
  return c.json({ data: await settings.updateSettings(ctxOf(c), userOf(c), idParam(c, 'project'), input) });
});
