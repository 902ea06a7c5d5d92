import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { singleLine } from '../../validation/text-fields';
import * as groups from '../../groups/groups.service';

export const groupsRoutes = new Hono<AppEnv>();

const groupBody = z.object({ name: singleLine(255), is_favourite: z.boolean().optional() });
route(groupsRoutes, 'GET /api/projects/{project}/groups', async (c) => {
  return { data: await groups.getGroups(ctxOf(c), userOf(c), idParam(c, 'project')) };
});

// Extension endpoints: the UI creates, renames, stars and deletes groups.
route(
  groupsRoutes,
  'POST /api/projects/{project}/groups',
  async (c) => {
    const input = parseInput(groupBody, await bodyOf(c));
    return { data: await groups.createGroup(ctxOf(c), userOf(c), idParam(c, 'project'), input) };
  },
  { status: 201 },
);

route(groupsRoutes, 'PATCH /api/projects/{project}/groups/{group}', async (c) => {
  const input = parseInput(groupBody.partial(), await bodyOf(c));
  const ids = [idParam(c, 'project'), idParam(c, 'group')] as const;
  return { data: await groups.updateGroup(ctxOf(c), userOf(c), ...ids, input) };
});

route(groupsRoutes, 'DELETE /api/projects/{project}/groups/{group}', async (c) => {
  return groups.deleteGroup(ctxOf(c), userOf(c), idParam(c, 'project'), idParam(c, 'group'));
});
