import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src-main/engine/engine';
import { createTestEngine, type TestEngine } from '../helpers/test-engine';
import { neuralApiKey, getNeural } from '../../src-main/engine/neurals/neurals.service';
import { ans, seedProject, seedUpdate } from '../helpers/seed-analytics';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-private-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const mode = (path: string) => statSync(path).mode & 0o777;

async function engineOn(dataDir: string, extra: Partial<Parameters<typeof createTestEngine>[0]> = {}) {
  const t = await createTestEngine({ dataDir, ...extra });
  cleanups.push(() => t.close());
  return t;
}

describe('the data folder', () => {
  it('is created 0700 with the database, its WAL and SHM, and the key file 0600', async () => {
    const dataDir = join(tempDir(), 'data');
    const t = await engineOn(dataDir);
    await t.api.send('PATCH /api/app/settings', { body: { theme: 'dark' } }); // a write: the WAL exists now
    expect(mode(dataDir)).toBe(0o700);
    for (const file of [
      'answerscope.sqlite',
      'answerscope.sqlite-wal',
      'answerscope.sqlite-shm',
      'secret.key',
    ]) {
      expect(existsSync(join(dataDir, file)), file).toBe(true);
      expect(mode(join(dataDir, file)), file).toBe(0o600);
    }
  });

  it('prints report PDFs in a 0700 folder and keeps them in the database, not as files', async () => {
    const dataDir = join(tempDir(), 'data');
    const t = await engineOn(dataDir);
    const folderModes: number[] = [];
    t.engine.ctx.ports.printer = {
      printToPdf: async (_url, outFile) => {
        folderModes.push(mode(dirname(outFile)));
        writeFileSync(outFile, '%PDF-1.7\n', { mode: 0o644 });
      },
    };
    const p = await seedProject(t.engine.ctx, {
      brand: 'Acme',
      prompts: ['best tools'],
      neurals: ['chatgpt'],
    });
    await seedUpdate(t.engine.ctx, p, '2026-11-18', [ans(p.prompts[0], p.neural.chatgpt, { brandAt: 1 })]);
    const created = await t.api.send('POST /api/projects/{project}/reports', {
      params: { project: p.id },
      body: {
        options: { comparison_enabled: false, period_main: 'last_30_days', blocks: [{ slug: 'summary' }] },
      },
    });
    await t.engine.jobs.drain({ ignoreDelays: true });
    await t.api.send('GET /api/projects/{project}/reports/{report}/download', {
      params: { project: p.id, report: created.body.id },
    });
    await t.engine.jobs.drain({ ignoreDelays: true });
    // The printer's own file mode never matters: its folder is private and the file is gone after.
    expect(folderModes).toEqual([0o700]);
    expect(readdirSync(join(dataDir, 'reports'))).toEqual([]);
    // The PDF itself is not JSON and not in the route table (the UI downloads it): the raw client.
    const file = await t.rawApi.get(`/api/projects/${p.id}/reports/${created.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.body).toBe('%PDF-1.7\n');
  });

  it('tightens a folder an older version left readable by others', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await createEngine({ dataDir });
    await first.close();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'answerscope.sqlite'), 0o644);
    mkdirSync(join(dataDir, 'reports'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'reports', 'report-1.pdf'), 'x', { mode: 0o644 });
    writeFileSync(join(dataDir, 'notes.txt'), 'not ours', { mode: 0o644 });
    const again = await createEngine({ dataDir });
    cleanups.push(() => again.close());
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'answerscope.sqlite'))).toBe(0o600);
    expect(mode(join(dataDir, 'reports'))).toBe(0o700);
    expect(mode(join(dataDir, 'reports', 'report-1.pdf'))).toBe(0o600);
    expect(mode(join(dataDir, 'notes.txt'))).toBe(0o644); // not the engine's: left alone
  });
});

describe('secrets of the headless engine', () => {
  const addKey = (t: TestEngine) =>
    t.api.send('POST /api/app/neurals', {
      body: {
        system_name: 'gw',
        display_name: 'Gateway',
        provider: 'openai-compatible',
        model: 'm',
        base_url: 'https://gw.example/v1',
        api_key: 'sk-live-SECRET-123',
      },
    });

  it('are sealed with the key file: the database alone does not hold them', async () => {
    const dataDir = join(tempDir(), 'data');
    const t = await engineOn(dataDir);
    const id = (await addKey(t)).body.data.id;
    await t.api.send('PATCH /api/app/settings', {
      body: { smtp: { host: 'smtp.example.com', password: 'mail-PASS-456' } },
    });
    const db = new Database(join(dataDir, 'answerscope.sqlite'), { readonly: true });
    const dump = JSON.stringify([
      db.prepare('select api_key from neurals').all(),
      db.prepare('select value from app_settings').all(),
    ]);
    db.close();
    expect(dump).not.toContain('SECRET-123');
    expect(dump).not.toContain('PASS-456');
    expect(dump).not.toContain('plain:');
    expect(dump).toContain('key:v1:');
    expect(neuralApiKey(t.engine.ctx, await getNeural(t.engine.ctx, id))).toBe('sk-live-SECRET-123');
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8').trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('re-seals plain values left by an older version at the next start', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await createEngine({ dataDir });
    await first.ctx.db
      .updateTable('neurals')
      .set({ api_key: 'plain:sk-old-789' })
      .where('system_name', '=', 'chatgpt')
      .execute();
    await first.close();
    const again = await createEngine({ dataDir });
    cleanups.push(() => again.close());
    const row = await again.ctx.db
      .selectFrom('neurals')
      .selectAll()
      .where('system_name', '=', 'chatgpt')
      .executeTakeFirstOrThrow();
    expect(row.api_key).toMatch(/^key:v1:/);
    expect(neuralApiKey(again.ctx, row)).toBe('sk-old-789');
  });

  it('cannot be opened with another key file, and a key file elsewhere is honoured', async () => {
    const dir = tempDir();
    const dataDir = join(dir, 'data');
    const keyFile = join(dir, 'keys', 'answerscope.key');
    const t = await engineOn(dataDir, { keyFile });
    const id = (await addKey(t)).body.data.id;
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
    expect(mode(keyFile)).toBe(0o600);
    await t.close();
    cleanups.pop();
    const other = await createEngine({ dataDir }); // the default key file: a different key
    cleanups.push(() => other.close());
    const row = await getNeural(other.ctx, id);
    expect(() => neuralApiKey(other.ctx, row)).toThrow(/another key file/);
  });
});
