import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf, idParam } from '../params';
import { ANY_SEGMENT, route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { singleLine } from '../../validation/text-fields';
import * as users from '../../account/users';

/**
 * Extension endpoints for administrators (issue 16): the install's users, their limits and
 * whether they may sign in. Everyone else gets 403. `npm run cli -- user …` does the same.
 */
export const usersRoutes = new Hono<AppEnv>();

route(usersRoutes, 'GET /api/app/users', async (c) => {
  users.requireAdmin(userOf(c));
  return { data: (await users.listUsers(ctxOf(c))).map(users.toUser) };
});

route(
  usersRoutes,
  'POST /api/app/users',
  async (c) => {
    users.requireAdmin(userOf(c));
    const input = parseInput(
      z.object({
        name: singleLine(100),
        is_admin: z.boolean().optional(),
        limits_balance: z.int().min(0).max(1_000_000_000).optional(),
      }),
      await bodyOf(c),
    );
    const id = await users.createUser(ctxOf(c), {
      name: input.name,
      admin: input.is_admin,
      limits: input.limits_balance,
    });
    return { data: users.toUser(await users.getUser(ctxOf(c), id)) };
  },
  { status: 201 },
);

// Any segment reaches the handler: the admin check (403) comes before idParam's 404.
route(
  usersRoutes,
  'PATCH /api/app/users/{id}',
  async (c) => {
    users.requireAdmin(userOf(c));
    const id = idParam(c, 'id');
    const input = parseInput(
      z.object({
        limits_balance: z.int().min(0).max(1_000_000_000).optional(),
        disabled: z.boolean().optional(),
      }),
      await bodyOf(c),
    );
    const ctx = ctxOf(c);
    await users.getUser(ctx, id);
    if (input.limits_balance !== undefined) await users.setLimits(ctx, id, input.limits_balance);
    if (input.disabled !== undefined) await users.setDisabled(ctx, id, input.disabled);
    return { data: users.toUser(await users.getUser(ctx, id)) };
  },
  { patterns: { id: ANY_SEGMENT } },
);
