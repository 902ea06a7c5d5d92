import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import { ctxOf, userOf, bodyOf } from '../params';
import { route } from '../route';
import { parseInput } from '../../validation/parse-input';
import { getUser, requireAdmin, setLimits, toAccount } from '../../account/users';

/**
 * Extension endpoints (decisions.md §2): the balance of limits is the analyst's spending guard.
 * Limits are granted by an administrator, never by the user who spends them (403).
 */
export const accountRoutes = new Hono<AppEnv>();

route(accountRoutes, 'GET /api/app/account', async (c) => {
  return { data: toAccount(await getUser(ctxOf(c), userOf(c).id)) };
});

route(accountRoutes, 'PATCH /api/app/account', async (c) => {
  requireAdmin(userOf(c));
  const input = parseInput(z.object({ limits_balance: z.int().min(0).max(1_000_000_000) }), await bodyOf(c));
  return { data: toAccount(await setLimits(ctxOf(c), userOf(c).id, input.limits_balance)) };
});
