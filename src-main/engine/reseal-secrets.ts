import type { EngineContext } from './context';

/**
 * Re-seals stored secrets the current box would seal better (`SecretBox.needsReseal`): values
 * written as `plain:` before the key file existed, or while the desktop keychain was missing.
 * Runs at every start; a value that does not open is left as it is (and reported once).
 * Returns how many were re-sealed.
 */
export async function resealSecrets(ctx: EngineContext): Promise<number> {
  const box = ctx.secrets;
  if (!box.needsReseal) return 0;
  const needs = (v: string | null): v is string => !!v && box.needsReseal!(v);
  let count = 0;
  const reseal = (sealed: string): string | null => {
    try {
      const next = box.seal(box.open(sealed));
      count++;
      return next;
    } catch (error) {
      console.error('[engine] a stored secret could not be re-sealed', error);
      return null;
    }
  };

  for (const row of await ctx.db.selectFrom('neurals').select(['id', 'api_key']).execute()) {
    if (!needs(row.api_key)) continue;
    const next = reseal(row.api_key);
    if (next) await ctx.db.updateTable('neurals').set({ api_key: next }).where('id', '=', row.id).execute();
  }
  for (const row of await ctx.db.selectFrom('projects').select(['id', 'analytics_token']).execute()) {
    if (!needs(row.analytics_token)) continue;
    const next = reseal(row.analytics_token);
    if (next)
      await ctx.db.updateTable('projects').set({ analytics_token: next }).where('id', '=', row.id).execute();
  }
  const smtpRow = await ctx.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'smtp')
    .executeTakeFirst();
  if (smtpRow) {
    const smtp = JSON.parse(smtpRow.value) as { password?: string | null };
    if (needs(smtp.password ?? null)) {
      const next = reseal(smtp.password!);
      if (next)
        await ctx.db
          .updateTable('app_settings')
          .set({ value: JSON.stringify({ ...smtp, password: next }) })
          .where('key', '=', 'smtp')
          .execute();
    }
  }
  return count;
}
