import { createHash } from 'node:crypto';
import type { EngineContext } from '../context';
import type { TokenKind, UserRow } from '../db/schema';

/** Tokens are random, shown once, stored as a SHA-256 hash (decisions.md §1). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createToken(
  ctx: EngineContext,
  input: {
    userId: number;
    name: string;
    /** Refused after this instant; omitted: no expiry. */
    expiresAt?: Date;
    /** A token of one host run (revokeLeftoverRunTokens); omitted: a person's token. */
    kind?: TokenKind;
  },
) {
  const token = `as_${ctx.ids.random(32)}`;
  const row = await ctx.db
    .insertInto('api_tokens')
    .values({
      user_id: input.userId,
      name: input.name,
      token_hash: hashToken(token),
      created_at: ctx.clock.now().toISOString(),
      expires_at: input.expiresAt?.toISOString() ?? null,
      kind: input.kind ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

export async function listTokens(ctx: EngineContext) {
  return ctx.db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'name', 'kind', 'created_at', 'last_used_at', 'revoked_at', 'expires_at'])
    .orderBy('id')
    .execute();
}

export async function revokeToken(ctx: EngineContext, id: number): Promise<boolean> {
  const result = await ctx.db
    .updateTable('api_tokens')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * How often a token's `last_used_at` is written (docs/api.md "Authentication"): at its first use
 * by this engine, then at most once a minute. Written on every request it was a write before each
 * answer: on PostgreSQL a round trip and a commit, and the parallel requests of one screen queued
 * on the lock of that one row.
 */
export const LAST_USE_PRECISION_MS = 60_000;
const lastUseWritten = new WeakMap<EngineContext, Map<number, number>>();

/** Whether this use of a token is to be written: the first, or the first a minute after the last written. */
function lastUseDue(ctx: EngineContext, tokenId: number, at: number): boolean {
  const written = lastUseWritten.get(ctx) ?? lastUseWritten.set(ctx, new Map()).get(ctx)!;
  const last = written.get(tokenId);
  if (last !== undefined && at >= last && at - last < LAST_USE_PRECISION_MS) return false;
  written.set(tokenId, at);
  return true;
}

/**
 * The user a bearer token belongs to, or undefined for an unknown, revoked or expired token or a
 * disabled user.
 */
export async function userForToken(ctx: EngineContext, token: string): Promise<UserRow | undefined> {
  const hash = hashToken(token);
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .select('api_tokens.id as token_id')
    .where('api_tokens.token_hash', '=', hash)
    .where('api_tokens.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]))
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_id, ...user } = row;
  if (lastUseDue(ctx, token_id, Date.parse(now)))
    await ctx.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', token_id).execute();
  return user;
}

/** How long the one-time UI address of `npm run serve` works (docs/api.md "Authentication"). */
export const UI_SESSION_MS = 24 * 60 * 60_000;

/** The token of the UI address `serve` prints: bounded lifetime, revoked at stop or next start. */
export function createUiSessionToken(ctx: EngineContext, userId: number, lifetimeMs = UI_SESSION_MS) {
  return createToken(ctx, {
    userId,
    name: 'web UI session',
    kind: 'ui-session',
    expiresAt: new Date(ctx.clock.now().getTime() + lifetimeMs),
  });
}

/**
 * At a host's start: tokens that belonged to an earlier run of a host (its UI address, its print
 * views) are revoked. A clean stop revokes them itself; after a crash (`kill -9`, power loss)
 * this is what does, so each crash does not leave one more live token behind.
 */
export async function revokeLeftoverRunTokens(ctx: EngineContext): Promise<number> {
  const result = await ctx.db
    .updateTable('api_tokens')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('kind', 'in', ['ui-session', 'print'])
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
