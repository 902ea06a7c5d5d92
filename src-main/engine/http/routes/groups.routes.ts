import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { parseInput } from '../../validation/parse-input';
import { singleLine } from '../../validation/text-fields';
import * as groups from '../../groups/groups.service';

export const groupsRoutes = new Hono<AppEnv>();

const groupBody = z.object({ name: singleLine(255), is_favourite: z.boolean().optional() });
const group = '/api/projects/:project{[0-9]+}/groups/:group{[0-9]+}';

groupsRoutes.get('/api/projects/:project{[0-9]+}/groups', async (c) => {
  return c.json({ data: await groups.getGroups(ctxOf(c), userOf(c), idParam(c, 'project')) });
});

// Extension endpoints: the UI creates, renames, stars and deletes groups.
groupsRoutes.post('/api/projects/:project{[0-9]+}/groups', async (c) => {
  const input = parseInput(groupBody, await bodyOf(c));
  return c.json({ data: await groups.createGroup(ctxOf(c), userOf(c), idParam(c, 'project'), input) }, 201);
});

groupsRoutes.patch(group, async (c) => {
  const input = parseInput(groupBody.partial(), await bodyOf(c));
  const ids = [idParam(c, 'project'), idParam(c, 'group')] as const;
  return c.json({ data: await groups.updateGroup(ctxOf(c), userOf(c), ...ids, input) });
});

groupsRoutes.delete(group, async (c) => {
  return c.json(await groups.deleteGroup(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'group')));
});
