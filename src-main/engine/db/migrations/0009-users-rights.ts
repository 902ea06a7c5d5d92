import { sql, type Kysely } from 'kysely';

/**
 * Users and rights on a shared server (issue 16):
 *
 * - `users.is_admin`: may change what belongs to the install (the neural catalogue and its keys,
 *   the app settings, every user's limits). The install's first user (the local owner, the lowest
 *   id) becomes the administrator, so an existing single-user install keeps every right it had.
 * - `users.disabled_at`: a disabled user's tokens stop working (401); their data stays.
 * - `api_tokens.expires_at`: a token past it is refused like a revoked one; null never expires.
 * - `api_tokens.kind`: null for tokens people create; `ui-session` (the one-time UI address of
 *   `serve`) and `print` (a PDF print view) belong to one run of a host, which revokes any left
 *   over by a crash when it starts.
 *
 * Frozen in time: imports nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('api_tokens').addColumn('kind', 'text').execute();
  await sql`UPDATE users SET is_admin = 1 WHERE id = (SELECT MIN(id) FROM users)`.execute(db);
}
