import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate, type SeededProject } from '../../helpers/seed-analytics';
import { startHttpHost, type HttpHost } from '../../../src-main/server/http-host';
import { chromiumPath, chromiumPrinter } from '../../../src-main/server/chromium-printer';
import { PrintError, type PdfPrinter } from '../../../src-main/engine/ports';

/**
 * A PDF download always ends: `success`, or one answer that carries the reason (`print_error`,
 * status `in_progress` as the spec has no failed state) after which the next request prints
 * again. Missing browser, a print view that reports an error, a print past its deadline, and a
 * print whose job was lost or interrupted by a crash. The real-Chromium cases need the web build
 * (`npx vite build --config vite.web.config.ts`; `npm test` makes it).
 */
const webRoot = resolve('out/web');
const haveChromium = existsSync(chromiumPath()) && existsSync(join(webRoot, 'index.html'));

let t: TestEngine;
let p: SeededProject;
let host: HttpHost | null = null;
let work: string;

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'answerscope-print-'));
  t = await createTestEngine({ dataDir: join(work, 'data') });
  p = await seedProject(t.engine.ctx, { brand: 'Acme', prompts: ['best tools'], neurals: ['chatgpt'] });
  await seedUpdate(t.engine.ctx, p, '2026-11-18', [ans(p.prompts[0], p.neural.chatgpt, { brandAt: 1 })]);
});

afterEach(async () => {
  await host?.close();
  host = null;
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

async function serveUi(root: string) {
  await host?.close();
  host = await startHttpHost(t.engine, { webRoot: root });
}

async function doneReport(): Promise<number> {
  const created = await t.api.send('POST /api/projects/{project}/reports', {
    params: { project: p.id },
    body: {
      options: { comparison_enabled: false, period_main: 'last_30_days', blocks: [{ slug: 'summary' }] },
    },
  });
  await t.engine.jobs.drain({ ignoreDelays: true });
  return created.body.id;
}

const download = (id: number) =>
  t.api.request('GET /api/projects/{project}/reports/{report}/download', {
    params: { project: p.id, report: id },
  });

/** Asks for the PDF, runs the print, and answers what the next request says. */
async function printOnce(id: number) {
  expect(await download(id)).toMatchObject({ status: 'in_progress', file: null });
  await t.engine.jobs.drain({ ignoreDelays: true });
  return download(id);
}

/** The failure is answered once with its reason; the request after it starts a new print. */
async function expectFailure(id: number, reason: RegExp) {
  const started = Date.now();
  const failed = await printOnce(id);
  expect(failed).toEqual({
    id,
    status: 'in_progress',
    file: null,
    message: expect.stringMatching(/^The PDF could not be made: .+ Request the download again/),
    print_error: expect.stringMatching(reason),
  });
  expect(failed.message).toContain(failed.print_error!.replace(/\.$/, ''));
  return Date.now() - started;
}

function printJobs() {
  return t.engine.ctx.db.selectFrom('jobs').selectAll().where('name', '=', 'report.print').execute();
}

describe('a PDF print that cannot succeed ends with a reason, and a retry after the fix works', () => {
  it('missing browser: reported at once (no retry of a print that cannot work)', async () => {
    t.engine.ctx.ports.printer = chromiumPrinter('/nonexistent/chromium');
    const id = await doneReport();
    await expectFailure(id, /Chromium was not found at \/nonexistent\/chromium/);
    expect((await printJobs()).map((j) => j.attempts)).toEqual([1]);

    // Installed now: the next request prints anew.
    let printed = 0;
    t.engine.ctx.ports.printer = {
      printToPdf: async (_url, outFile) => {
        printed++;
        writeFileSync(outFile, '%PDF-1.7\n');
      },
    };
    expect(await printOnce(id)).toMatchObject({ status: 'success', file: expect.stringContaining('/file') });
    expect(printed).toBe(1);
  });

  it('an unexpected error is tried once more, then reported', async () => {
    let calls = 0;
    t.engine.ctx.ports.printer = {
      printToPdf: async () => {
        calls++;
        throw new Error('browser crashed');
      },
    };
    const id = await doneReport();
    await expectFailure(id, /^browser crashed$/);
    expect(calls).toBe(2);
  });

  it('a printer that never answers is stopped at its deadline', async () => {
    let aborted = false;
    t.engine.ctx.ports.printer = {
      timeoutMs: 300,
      printToPdf: (_url, _file, { signal } = {}) =>
        new Promise<void>((_, reject) =>
          signal?.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason);
          }),
        ),
    };
    const id = await doneReport();
    expect(await expectFailure(id, /did not finish within 0.3 s/)).toBeLessThan(5000);
    expect(aborted).toBe(true);
  });

  describe.skipIf(!haveChromium)('with headless Chromium', () => {
    it('print view error (the web UI is not built): reported in seconds, printed once it is built', async () => {
      t.engine.ctx.ports.printer = chromiumPrinter(chromiumPath(), { timeoutMs: 20_000 });
      await serveUi(join(work, 'no-build'));
      const id = await doneReport();
      expect(
        await expectFailure(id, /print view could not show the report: The web UI is not built/),
      ).toBeLessThan(15_000);
      await serveUi(webRoot);
      expect(await printOnce(id)).toMatchObject({ status: 'success' });
    }, 60_000);

    it('timeout: a print view that never gets ready fails at the deadline, then prints after the fix', async () => {
      const stuck = join(work, 'stuck');
      mkdirSync(stuck);
      writeFileSync(join(stuck, 'index.html'), '<!doctype html><title>never ready</title><p>…</p>');
      t.engine.ctx.ports.printer = chromiumPrinter(chromiumPath(), { timeoutMs: 2000 });
      await serveUi(stuck);
      const id = await doneReport();
      expect(await expectFailure(id, /did not finish within 2 s/)).toBeLessThan(15_000);

      t.engine.ctx.ports.printer = chromiumPrinter(chromiumPath(), { timeoutMs: 30_000 });
      await serveUi(webRoot);
      expect(await printOnce(id)).toMatchObject({ status: 'success' });
    }, 60_000);
  });
});

describe('a print without a live job', () => {
  const stub: PdfPrinter = { printToPdf: async (_url, outFile) => writeFileSync(outFile, '%PDF-1.7\n') };

  it('a print job the queue gave up on is reported instead of in_progress forever', async () => {
    t.engine.ctx.ports.printer = stub;
    const id = await doneReport();
    await download(id);
    // As if the job failed outside the handler (the queue marks it failed with its error).
    await t.engine.ctx.db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'SQLITE_BUSY: database is locked' })
      .where('name', '=', 'report.print')
      .execute();
    expect(await download(id)).toMatchObject({
      status: 'in_progress',
      print_error: 'SQLITE_BUSY: database is locked',
    });
    expect(await printOnce(id)).toMatchObject({ status: 'success' });
  });

  it('a print interrupted by a crash, or left in_progress with no job, is picked up again at start', async () => {
    t.engine.ctx.ports.printer = stub;
    const crashed = await doneReport();
    await download(crashed);
    // A crash mid-print leaves the job running.
    await t.engine.ctx.db
      .updateTable('jobs')
      .set({ status: 'running' })
      .where('name', '=', 'report.print')
      .execute();
    const orphan = await doneReport();
    // What an older version left behind: in_progress, no job at all.
    await t.engine.ctx.db
      .updateTable('reports')
      .set({ pdf_status: 'in_progress', pdf_job_id: null })
      .where('id', '=', orphan)
      .execute();

    await t.engine.close();
    t = await createTestEngine({ dataDir: join(work, 'data'), ports: { printer: stub } });
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(await download(crashed)).toMatchObject({ status: 'success' });
    expect(await download(orphan)).toMatchObject({ status: 'success' });
  });

  it('PrintError is what a printer throws for failures a retry cannot fix', () => {
    expect(new PrintError('x')).toBeInstanceOf(Error);
  });
});
