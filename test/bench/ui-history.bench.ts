import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { createEngine } from '../../src-main/engine/engine';
import { fixedClock } from '../../src-main/engine/clock';
import { createToken } from '../../src-main/engine/auth/tokens';
import { startHttpHost } from '../../src-main/server/http-host';
import { headlessPorts } from '../../src-main/server/headless-ports';
import { chromiumPath } from '../../src-main/server/chromium-printer';
import { generateProject } from './dataset';

/**
 * The Answers view's History tab at 2,000 prompts × 12 update dates × 3 networks (issue 17):
 * the built web UI in headless Chromium at 1440×900 loads every page of the tab ("Load more"
 * until gone), then scrolls the table top to bottom in 120 jumps and times the frame after each
 * jump (`requestAnimationFrame` to `requestAnimationFrame`). Also counts the table rows in the
 * DOM: windowed, only those near the view exist. Needs `npm run build:web` and Chromium.
 */
const PROMPTS = Number(process.env.BENCH_UI_PROMPTS ?? 2000);

export async function runUiHistoryBench(): Promise<void> {
  const webRoot = resolve('out/web');
  if (!existsSync(join(webRoot, 'index.html')) || !existsSync(chromiumPath())) {
    console.log('skipped (build the web UI with `npm run build:web` and install chromium)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'answerscope-bench-ui-'));
  const dbFile = join(dir, 'answerscope.sqlite');
  const engine = await createEngine({
    dataDir: dir,
    dbFile,
    clock: fixedClock('2026-11-20T12:00:00.000Z'),
    ports: headlessPorts({}),
  });
  const host = await startHttpHost(engine, { webRoot });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const project = await generateProject(engine, dbFile, 1, {
      prompts: PROMPTS,
      updates: 12,
      networks: ['chatgpt', 'perplexity', 'gemini'],
    });
    const { token } = await createToken(engine.ctx, { userId: engine.localOwnerId, name: 'bench' });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${host.url}/#token=${token}`);
    await page.getByTestId('app-root').waitFor();
    await page.goto(`${host.url}/#/projects/${project.id}/answers`);
    await page.getByTestId('answers-tab-history').click();
    let t0 = performance.now();
    await page.getByTestId('position-history').locator('tbody tr').first().waitFor({ timeout: 60_000 });
    console.log(`first page shown: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    t0 = performance.now();
    let pages = 1;
    const more = page.getByTestId('answers-load-more');
    while (await more.isVisible()) {
      await more.click();
      // A page is in when the button is gone or enabled again (it is disabled while loading).
      await page.waitForFunction(() => {
        const button = document.querySelector('[data-testid="answers-load-more"]');
        return !button || !button.hasAttribute('disabled');
      });
      await page.waitForTimeout(50);
      pages++;
      if (pages > 200) break;
    }
    const loaded = await page.getByTestId('answers-totals').innerText();
    console.log(`${pages} pages loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s (${loaded})`);
    // A string, not a function: tsx would wrap named helpers in `__name`, which the page lacks.
    const frames: { times: number[]; rowsInDom: number } = await page.evaluate(`(async () => {
      const box = document.querySelector('[data-testid="position-history"] .p-datatable-table-container');
      const times = [];
      let rowsInDom = 0;
      for (let i = 1; i <= 120; i++) {
        const start = await new Promise((r) => requestAnimationFrame(r));
        box.scrollTop = ((box.scrollHeight - box.clientHeight) * i) / 120;
        const end = await new Promise((r) => requestAnimationFrame(r));
        times.push(end - start);
        rowsInDom = Math.max(rowsInDom, box.querySelectorAll('tbody tr').length);
      }
      return { times, rowsInDom };
    })()`);
    const sorted = [...frames.times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    console.log(
      `scroll, 120 jumps: frame median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, worst ${sorted[sorted.length - 1].toFixed(0)} ms; at most ${frames.rowsInDom} rows in the DOM`,
    );
  } finally {
    await browser.close();
    await host.close();
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
