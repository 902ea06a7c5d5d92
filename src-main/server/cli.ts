import { createToken, listTokens, revokeToken } from '../engine/auth/tokens';
import { parseArgs, dataDirFrom } from './args';
import { createSampleProject } from '../engine/collect/sample-project';
import { openEngineBesideHost } from './open-engine';

const USAGE = `Usage:
  npm run cli -- token create [--data-dir DIR] [--name NAME] [--user ID]   prints the new token alone
  npm run cli -- token list   [--data-dir DIR]
  npm run cli -- token revoke ID [--data-dir DIR]
  npm run cli -- demo [--data-dir DIR] [--language en|ru|de|es]            creates a sample project`;

/** Token management for the headless server (decisions.md §1). */
async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const [group, command, id] = args._;
  if (group === 'demo') return demo(args);
  if (group !== 'token' || !['create', 'list', 'revoke'].includes(command ?? '')) {
    console.error(USAGE);
    return 2;
  }
  const engine = await openEngineBesideHost(dataDirFrom(args));
  try {
    if (command === 'create') {
      const userId = typeof args.user === 'string' ? Number(args.user) : engine.localOwnerId;
      const user = await engine.ctx.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) {
        console.error(`No user with id ${args.user}.`);
        return 1;
      }
      const name = typeof args.name === 'string' ? args.name : 'cli';
      const { token } = await createToken(engine.ctx, { userId, name });
      console.log(token);
    } else if (command === 'list') {
      for (const t of await listTokens(engine.ctx)) {
        const state = t.revoked_at ? `revoked ${t.revoked_at}` : `last used ${t.last_used_at ?? 'never'}`;
        console.log(`${t.id}\tuser ${t.user_id}\t${t.name}\tcreated ${t.created_at}\t${state}`);
      }
    } else {
      if (!id || !/^\d+$/.test(id)) {
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
  } finally {
    await engine.close();
  }
}

/** `demo`: a sample project with 12 weekly updates from the three offline demo networks. */
async function demo(args: ReturnType<typeof parseArgs>): Promise<number> {
  const engine = await openEngineBesideHost(dataDirFrom(args));
  try {
    const language = typeof args.language === 'string' ? args.language : 'en';
    const projectId = await createSampleProject(engine.ctx, engine.localOwnerId, { language });
    console.log(
      `Sample project ${projectId} created with 12 weekly updates (three offline demo networks, synthetic data).`,
    );
    return 0;
  } finally {
    await engine.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
