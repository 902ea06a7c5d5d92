import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../../src-main/engine/engine';
import { fixedClock } from '../../src-main/engine/clock';
import { createToken } from '../../src-main/engine/auth/tokens';
import { startHttpHost } from '../../src-main/server/http-host';
import { headlessPorts } from '../../src-main/server/headless-ports';
import { chromiumPath } from '../../src-main/server/chromium-printer';
import { BLOCK_SLUGS } from '../../src-shared/api/reports';
import { generateProject, scaledDataset } from './dataset';

/**
 * Reports at a year of data (issue 5): a 30-day report with every block but ai_conclusions on
 * the analytics benchmark's project (500 prompts × 6 networks × 104 updates; `BENCH_SCALE=0.1`
 * for a quick try). Build time = the `report.build` job (goal ≤ 2 s); PDF time = the
 * `report.print` job through headless Chromium and the built web UI (goal ≤ 10 s; needs out/web).
 */
export async function runReportsBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-bench-reports-'));
  const dbFile = join(dir, 'answerscope.sqlite');
  const engine = await createEngine({
    dataDir: dir,
    dbFile,
    clock: fixedClock('2026-11-20T12:00:00.000Z'),
    ports: headlessPorts({}),
  });
  const webRoot = resolve('out/web');
  const host = await startHttpHost(engine, { webRoot });
  try {
    const started = performance.now();
    const project = await generateProject(engine, dbFile, 1, scaledDataset());
    console.log(
      `data set: ${project.answers} answers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'bench' });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await engine.handle(
        new Request(`http://bench${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      return response.json() as Promise<any>;
    };
    const base = `/api/projects/${project.id}/reports`;
    const created = await call('POST', base, {
      options: {
        comparison_enabled: true,
        period_main: 'last_30_days',
        period_comparison: 'prev_period',
        blocks: BLOCK_SLUGS.filter((s) => s !== 'ai_conclusions').map((slug) => ({ slug })),
      },
    });
    let t0 = performance.now();
    await engine.jobs.drain({ ignoreDelays: true });
    const build = performance.now() - t0;
    const status = await call('GET', `${base}/${created.id}/status`);
    console.log(`build (8 blocks, with comparison): ${build.toFixed(0)} ms (goal ≤ 2000) → ${status.status}`);

    if (!existsSync(join(webRoot, 'index.html')) || !existsSync(chromiumPath())) {
      console.log('PDF: skipped (build the web UI with `npm run build:web` and install chromium)');
      return;
    }
    t0 = performance.now();
    await call('GET', `${base}/${created.id}/download`);
    await engine.jobs.drain({ ignoreDelays: true });
    const pdf = performance.now() - t0;
    const ready = await call('GET', `${base}/${created.id}/download`);
    const row = await engine.ctx.db
      .selectFrom('reports')
      .select('pdf_file')
      .where('id', '=', created.id)
      .executeTakeFirst();
    const size = row?.pdf_file && existsSync(row.pdf_file) ? statSync(row.pdf_file).size : 0;
    console.log(
      `PDF: ${pdf.toFixed(0)} ms (goal ≤ 10000) → ${ready.status}, ${(size / 1024).toFixed(0)} KiB`,
    );
  } finally {
    await host.close();
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
