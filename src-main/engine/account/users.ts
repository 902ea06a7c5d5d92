import type { EngineContext } from '../context';
import type { UserRow } from '../db/schema';
import { notFound } from '../http/errors';

export const LOCAL_OWNER_ID = 1;
const STARTING_LIMITS = 10_000;

/** On first start the engine creates the local owner, user 1, with 10,000 limits (decisions.md §1–2). */
export async function ensureLocalOwner(ctx: EngineContext): Promise<void> {
  const existing = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', LOCAL_OWNER_ID)
    .executeTakeFirst();
  if (existing) return;
  await ctx.db
    .insertInto('users')
    .values({
      id: LOCAL_OWNER_ID,
      name: 'Local owner',
      email: null,
      limits_balance: STARTING_LIMITS,
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();
}

export async function createUser(
  ctx: EngineContext,
  input: { name: string; email?: string; limits?: number },
) {
  const row = await ctx.db
    .insertInto('users')
    .values({
      name: input.name,
      email: input.email ?? null,
      limits_balance: input.limits ?? 0,
      created_at: ctx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function getUser(ctx: EngineContext, id: number): Promise<UserRow> {
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('User not found.');
  return user;
}

export async function setLimits(ctx: EngineContext, userId: number, balance: number): Promise<UserRow> {
  await ctx.db.updateTable('users').set({ limits_balance: balance }).where('id', '=', userId).execute();
  return getUser(ctx, userId);
}

export const toAccount = (u: UserRow) => ({ id: u.id, name: u.name, limits_balance: u.limits_balance });
