import { syncIdSequence } from '../db/dialect';
import type { EngineContext } from '../context';
import type { UserRow } from '../db/schema';
import { forbidden, notFound } from '../errors';

export const LOCAL_OWNER_ID = 1;
const STARTING_LIMITS = 10_000;

/**
 * On first start the engine creates the local owner, user 1, with 10,000 limits (decisions.md
 * §1–2). The local owner is the install's administrator (migration 0009 makes the first user of
 * an older install one).
 */
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
      is_admin: 1,
      created_at: ctx.clock.now().toISOString(),
    })
    // Two app servers starting together on one PostgreSQL database: the second one's insert is a no-op.
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await syncIdSequence(ctx.db, 'users');
}

export async function createUser(
  ctx: EngineContext,
  input: { name: string; email?: string; limits?: number; admin?: boolean },
) {
  const row = await ctx.db
    .insertInto('users')
    .values({
      name: input.name,
      email: input.email ?? null,
      limits_balance: input.limits ?? 0,
      is_admin: input.admin ? 1 : 0,
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

export function listUsers(ctx: EngineContext): Promise<UserRow[]> {
  return ctx.db.selectFrom('users').selectAll().orderBy('id').execute();
}

/**
 * Disables (or enables again) a user: their tokens stop working at once (userForToken checks).
 * The last enabled administrator cannot be disabled, or nobody could manage the install.
 */
export async function setDisabled(ctx: EngineContext, id: number, disabled: boolean): Promise<UserRow> {
  const user = await getUser(ctx, id);
  if (disabled && user.is_admin === 1 && user.disabled_at === null) {
    const admins = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_admin', '=', 1)
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(admins.n) <= 1) throw forbidden('The last administrator cannot be disabled.');
  }
  await ctx.db
    .updateTable('users')
    .set({ disabled_at: disabled ? (user.disabled_at ?? ctx.clock.now().toISOString()) : null })
    .where('id', '=', id)
    .execute();
  return getUser(ctx, id);
}

export async function setLimits(ctx: EngineContext, userId: number, balance: number): Promise<UserRow> {
  await ctx.db.updateTable('users').set({ limits_balance: balance }).where('id', '=', userId).execute();
  return getUser(ctx, userId);
}

export const isAdmin = (user: UserRow) => user.is_admin === 1;

/**
 * The rights check of every install-level endpoint (catalogue and keys, app settings, limits):
 * these belong to whoever runs the install, never to any signed-in user.
 */
export function requireAdmin(user: UserRow): void {
  if (!isAdmin(user)) throw forbidden('Only an administrator of this installation may do this.');
}

export const toAccount = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  limits_balance: u.limits_balance,
  is_admin: isAdmin(u),
});

/** A user as administrators see them (`/api/app/users`, `npm run cli -- user list`). */
export const toUser = (u: UserRow) => ({
  ...toAccount(u),
  email: u.email,
  disabled: u.disabled_at !== null,
  created_at: u.created_at,
});
