import { resolve } from 'node:path';
import type { Engine } from '../engine/engine';
import { openEngineBesideHost } from './open-engine';
import { createToken, listTokens, revokeToken } from '../engine/auth/tokens';
import { createUser, getUser, listUsers, setDisabled, setLimits } from '../engine/account/users';
import { parseArgs, dataDirFrom, databaseUrlFrom } from './args';
import { createSampleProject } from '../engine/collect/sample-project';
import { DomainError } from '../engine/errors';

const USAGE = `Usage:
  npm run cli -- token create [--data-dir DIR] [--name NAME] [--user ID] [--expires-in DAYS]
                                                                           prints the new token alone
  npm run cli -- token list   [--data-dir DIR]
  npm run cli -- token revoke ID [--data-dir DIR]
  npm run cli -- user create --name NAME [--admin] [--limits N] [--data-dir DIR]   prints the new id alone
  npm run cli -- user list    [--data-dir DIR]
  npm run cli -- user disable ID | user enable ID [--data-dir DIR]
  npm run cli -- user limits ID N [--data-dir DIR]                          sets a user's balance
  npm run cli -- demo [--data-dir DIR] [--language en|ru|de|es]            creates a sample project
Every command takes --database postgres://… (or ANSWERSCOPE_DATABASE_URL) for a PostgreSQL server.`;

type Args = ReturnType<typeof parseArgs>;
const isId = (value: string | undefined): value is string => !!value && /^\d{1,15}$/.test(value);

/**
 * Users and tokens of the headless server (decisions.md §1, issue 16). Whoever can run this on
 * the server's data folder administers the install. The CLI opens the engine as a tool: it never
 * runs or recovers jobs, so using it while `serve` runs is safe.
 */
async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const [group, command] = args._;
  if (group === 'demo') return withEngine(args, (engine) => demo(engine, args));
  if (group === 'token' && ['create', 'list', 'revoke'].includes(command ?? ''))
    return withEngine(args, (engine) => token(engine, args));
  if (group === 'user' && ['create', 'list', 'disable', 'enable', 'limits'].includes(command ?? ''))
    return withEngine(args, (engine) => user(engine, args));
  console.error(USAGE);
  return 2;
}

async function withEngine(args: Args, run: (engine: Engine) => Promise<number>): Promise<number> {
  const keyFile = typeof args['key-file'] === 'string' ? args['key-file'] : process.env.ANSWERSCOPE_KEY_FILE;
  const engine = await openEngineBesideHost(dataDirFrom(args), {
    keyFile: keyFile ? resolve(keyFile) : undefined,
    databaseUrl: databaseUrlFrom(args),
  });
  try {
    return await run(engine);
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await engine.close();
  }
}

async function token(engine: Engine, args: Args): Promise<number> {
  const [, command, id] = args._;
  if (command === 'create') {
    if (args.user !== undefined && !isId(typeof args.user === 'string' ? args.user : undefined)) {
      console.error('--user takes a user id (a number; see `user list`).');
      return 2;
    }
    const userId = typeof args.user === 'string' ? Number(args.user) : engine.localOwnerId;
    const owner = await engine.ctx.db
      .selectFrom('users')
      .select(['id', 'disabled_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!owner) {
      console.error(`No user with id ${userId}.`);
      return 1;
    }
    if (owner.disabled_at) {
      console.error(`User ${userId} is disabled (\`user enable ${userId}\` first).`);
      return 1;
    }
    let expiresAt: Date | undefined;
    if (args['expires-in'] !== undefined) {
      const days = Number(args['expires-in']);
      if (!Number.isFinite(days) || days <= 0 || days > 3650) {
        console.error('--expires-in takes a number of days from 1 to 3650 (fractions allowed).');
        return 2;
      }
      expiresAt = new Date(engine.ctx.clock.now().getTime() + days * 86_400_000);
    }
    const name = typeof args.name === 'string' ? args.name : 'cli';
    const created = await createToken(engine.ctx, { userId, name, expiresAt });
    console.log(created.token);
  } else if (command === 'list') {
    for (const t of await listTokens(engine.ctx)) {
      const state = t.revoked_at ? `revoked ${t.revoked_at}` : `last used ${t.last_used_at ?? 'never'}`;
      const expiry = t.expires_at ? `\texpires ${t.expires_at}` : '';
      const kind = t.kind ? `\t(${t.kind})` : '';
      console.log(`${t.id}\tuser ${t.user_id}\t${t.name}\tcreated ${t.created_at}\t${state}${expiry}${kind}`);
    }
  } else {
    if (!isId(id)) {
      console.error(USAGE);
      return 2;
    }
    if (!(await revokeToken(engine.ctx, Number(id)))) {
      console.error(`No active token with id ${id}.`);
      return 1;
    }
    console.log(`Token ${id} revoked.`);
  }
  return 0;
}

async function user(engine: Engine, args: Args): Promise<number> {
  const [, command, id, value] = args._;
  if (command === 'create') {
    const name = typeof args.name === 'string' ? args.name.trim() : '';
    // eslint-disable-next-line no-control-regex
    if (!name || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) {
      console.error('--name NAME is required: one line, at most 100 characters.');
      return 2;
    }
    const limits = args.limits === undefined ? 0 : Number(args.limits);
    if (!Number.isInteger(limits) || limits < 0 || limits > 1_000_000_000) {
      console.error('--limits takes a whole number from 0 to 1,000,000,000.');
      return 2;
    }
    console.log(await createUser(engine.ctx, { name, admin: args.admin === true, limits }));
    return 0;
  }
  if (command === 'list') {
    for (const u of await listUsers(engine.ctx)) {
      const flags = [u.is_admin ? 'admin' : 'user', u.disabled_at ? `disabled ${u.disabled_at}` : 'active'];
      console.log(`${u.id}\t${u.name}\t${flags.join('\t')}\tlimits ${u.limits_balance}`);
    }
    return 0;
  }
  if (!isId(id)) {
    console.error(USAGE);
    return 2;
  }
  await getUser(engine.ctx, Number(id));
  if (command === 'limits') {
    if (!value || !/^\d{1,10}$/.test(value) || Number(value) > 1_000_000_000) {
      console.error('user limits ID N: N is a whole number from 0 to 1,000,000,000.');
      return 2;
    }
    await setLimits(engine.ctx, Number(id), Number(value));
    console.log(`User ${id} now has ${value} limits.`);
    return 0;
  }
  await setDisabled(engine.ctx, Number(id), command === 'disable');
  console.log(`User ${id} ${command}d.`);
  return 0;
}

/** `demo`: a sample project with 12 weekly updates from the three offline demo networks. */
async function demo(engine: Engine, args: Args): Promise<number> {
  const language = typeof args.language === 'string' ? args.language : 'en';
  const projectId = await createSampleProject(engine.ctx, engine.localOwnerId, { language });
  console.log(
    `Sample project ${projectId} created with 12 weekly updates (three offline demo networks, synthetic data).`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
