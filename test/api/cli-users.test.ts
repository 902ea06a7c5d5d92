import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src-main/engine/engine';
import { typedApiClient } from '../helpers/test-engine';
import { runCli } from '../helpers/run-cli';
import { testPostgresDatabaseOf } from '../helpers/test-database';

let dataDir: string;
/** The suite's PostgreSQL database for this data folder, when it runs on PostgreSQL. */
let databaseUrl: string | undefined;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'answerscope-cli-'));
  databaseUrl = await testPostgresDatabaseOf(dataDir);
});
/** The CLI on this test's data (`--database` on PostgreSQL, as a team server's admin types it). */
const cli = (args: string[]) => runCli([...args, ...(databaseUrl ? ['--database', databaseUrl] : [])]);
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run cli -- user …', () => {
  it('creates, lists and disables users, and makes tokens that act as them', async () => {
    const created = await cli(['user', 'create', '--name', 'Dana Analyst', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^\d+\n$/);
    const id = Number(created.stdout);
    const admin = await cli(['user', 'create', '--name', 'Ops', '--admin', '--data-dir', dataDir]);
    const adminId = Number(admin.stdout);

    const list = (await cli(['user', 'list', '--data-dir', dataDir])).stdout;
    expect(list).toMatch(new RegExp(`^1\\tLocal owner\\tadmin\\tactive`, 'm'));
    expect(list).toMatch(new RegExp(`^${id}\\tDana Analyst\\tuser\\tactive\\tlimits 0$`, 'm'));
    expect(list).toMatch(new RegExp(`^${adminId}\\tOps\\tadmin\\tactive`, 'm'));

    const token = (await cli(['token', 'create', '--user', String(id), '--data-dir', dataDir])).stdout.trim();
    await cli(['user', 'limits', String(id), '250', '--data-dir', dataDir]);
    const engine = await createEngine({ dataDir, databaseUrl });
    try {
      const api = typedApiClient(engine, token);
      expect((await api.request('GET /api/app/account')).data).toMatchObject({
        id,
        limits_balance: 250,
        is_admin: false,
      });
      const raise = await api.error('PATCH /api/app/account', { body: { limits_balance: 999 } });
      expect(raise.status).toBe(403);
    } finally {
      await engine.close();
    }

    expect((await cli(['user', 'disable', String(id), '--data-dir', dataDir])).code).toBe(0);
    const after = await createEngine({ dataDir, databaseUrl });
    try {
      expect((await typedApiClient(after, token).error('GET /api/app/account')).status).toBe(401);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('refuses bad input with a message and a non-zero exit', async () => {
    expect((await cli(['user', 'create', '--data-dir', dataDir])).code).toBe(2);
    expect((await cli(['user', 'disable', 'x', '--data-dir', dataDir])).code).toBe(2);
    const missing = await cli(['user', 'disable', '99', '--data-dir', dataDir]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not found/i);
    const last = await cli(['user', 'disable', '1', '--data-dir', dataDir]);
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/last administrator/);
    expect((await cli(['token', 'create', '--user', '42', '--data-dir', dataDir])).code).toBe(1);
  }, 120_000);
});
