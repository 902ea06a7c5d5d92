import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate, type SeededProject } from '../../helpers/seed-analytics';
import { startHttpHost, type HttpHost } from '../../../src-main/server/http-host';
import { headlessPorts } from '../../../src-main/server/headless-ports';
import { chromiumPath } from '../../../src-main/server/chromium-printer';
import { BLOCK_SLUGS } from '../../../src-shared/api/reports';
import type { ApiRoutes } from '../../../src-shared/api/routes';

/**
 * The typical flow of api-spec.md "Reports" through the real headless host: HTTP on loopback,
 * the built web UI's print view, headless Chromium, then poppler reads the PDF back.
 * `npm test` builds out/web first; run `npx vite build --config vite.web.config.ts` before
 * running this file alone.
 */
const webRoot = resolve('out/web');
const canRun = existsSync(join(webRoot, 'index.html')) && existsSync(chromiumPath());

let t: TestEngine;
let host: HttpHost;
let p: SeededProject;
let work: string;

/** The real HTTP server, its JSON body read as the shared table's response type of route `K`. */
async function http<K extends keyof ApiRoutes>(path: string, init: RequestInit = {}) {
  const response = await fetch(`${host.url}${path}`, {
    ...init,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${t.ownerToken}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, body: body as ApiRoutes[K]['response'], type };
}

beforeAll(async () => {
  if (!canRun) return;
  work = mkdtempSync(join(tmpdir(), 'answerscope-pdf-'));
  t = await createTestEngine({ now: '2026-11-20T10:00:00.000Z', ports: headlessPorts({}) });
  host = await startHttpHost(t.engine, { webRoot });
  p = await seedProject(t.engine.ctx, {
    brand: 'Acme',
    domain: 'acme.com',
    prompts: ['best project tools', 'cheap project tools', 'tools for teams'],
    neurals: ['chatgpt', 'perplexity'],
  });
  const [a, b, c] = p.prompts;
  const { chatgpt, perplexity } = p.neural;
  for (const [date, at] of [
    ['2026-10-12', 2],
    ['2026-11-05', 1],
    ['2026-11-18', 1],
  ] as const) {
    await seedUpdate(t.engine.ctx, p, date, [
      ans(a, chatgpt, {
        brandAt: at,
        competitors: ['Globex', 'Initech'],
        urls: ['https://acme.com/p', 'https://wiki.org/x'],
      }),
      ans(a, perplexity, { brandAt: 2, tone: 'positive', competitors: ['Globex'] }),
      ans(b, chatgpt, { competitors: ['Initech'], urls: ['https://review.net/top'] }),
      ans(b, perplexity, { brandAt: at, tone: 'negative' }),
      ans(c, chatgpt, { brandAt: 1, urls: ['https://acme.com/teams'] }),
      ans(c, perplexity),
    ]);
  }
}, 60_000);

afterAll(async () => {
  if (!canRun) return;
  await host.close();
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!canRun)('report PDF through the headless host', () => {
  it('creates, builds, prints and serves a PDF that shows the brand, the period and every block', async () => {
    const blocks = BLOCK_SLUGS.filter((s) => s !== 'ai_conclusions');
    const created = await http<'POST /api/projects/{project}/reports'>(`/api/projects/${p.id}/reports`, {
      method: 'POST',
      body: JSON.stringify({
        options: {
          comparison_enabled: true,
          period_main: 'last_30_days',
          period_comparison: 'prev_period',
          blocks: blocks.map((slug) => ({ slug })),
        },
      }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const path = `/api/projects/${p.id}/reports/${id}`;

    // Poll: queued until the worker runs, then done.
    expect(
      (await http<'GET /api/projects/{project}/reports/{report}/status'>(`${path}/status`)).body.status,
    ).toBe('queued');
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(
      (await http<'GET /api/projects/{project}/reports/{report}/status'>(`${path}/status`)).body.status,
    ).toBe('done');

    const report = await http<'GET /api/projects/{project}/reports/{report}'>(path);
    expect(report.body.data.result!.map((r) => r.block_slug)).toEqual(blocks);

    // Download: the first call starts printing, the next still says in_progress until it is done.
    const first = await http<'GET /api/projects/{project}/reports/{report}/download'>(`${path}/download`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id, status: 'in_progress', file: null, message: expect.any(String) });
    expect(
      (await http<'GET /api/projects/{project}/reports/{report}/download'>(`${path}/download`)).body.status,
    ).toBe('in_progress');
    await t.engine.jobs.drain({ ignoreDelays: true });
    const ready = await http<'GET /api/projects/{project}/reports/{report}/download'>(`${path}/download`);
    expect(ready.body).toEqual({
      id,
      status: 'success',
      file: `${host.url}${path}/file`,
      message: expect.any(String),
    });

    // The file link works for the same token only.
    const file = await fetch(ready.body.file!, { headers: { authorization: `Bearer ${t.ownerToken}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await file.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await fetch(ready.body.file!)).status).toBe(401);

    // Every print token was revoked after printing (a retried print makes a second one).
    const tokens = await t.engine.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('name', 'like', 'print of%')
      .execute();
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    expect(tokens.filter((token) => token.revoked_at === null)).toEqual([]);

    const pdfFile = join(work, 'report.pdf');
    writeFileSync(pdfFile, pdf);
    if (process.env.KEEP_REPORT_PDF) writeFileSync(process.env.KEEP_REPORT_PDF, pdf);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('Acme');
    // last_30_days on 2026-11-20 in the project's language (Russian): 22 October — 20 November 2026.
    expect(text).toMatch(/22 октября 2026 г?\.? — 20 ноября 2026/);
    for (const title of report.body.data.options.blocks.map((b) => b.title)) expect(text).toContain(title);
    expect(text).toMatch(/\b2\s*\/\s*\d+/); // page numbers from the footer template
    // Issue 13: the competitors' changes say how they were tested (noise is printed in grey).
    expect(text).toMatch(/парные\s+сравнения/);

    execFileSync('pdftoppm', ['-gray', '-r', '30', pdfFile, join(work, 'page')]);
    const pages = readdirSync(work).filter((f) => f.startsWith('page') && f.endsWith('.pgm'));
    // The cover, then every block from a new page (a long block may run onto a second one).
    expect(pages.length).toBeGreaterThanOrEqual(blocks.length + 1);
    for (const page of pages) expect(inkShare(readFileSync(join(work, page)))).toBeGreaterThan(0.002);
  }, 90_000);
});

/** Share of pixels that are not white in a binary PGM (P5) image. */
function inkShare(pgm: Buffer): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  let ink = 0;
  for (let i = 0; i < width * height; i++) if (pixels[i] < 200) ink++;
  return ink / (width * height);
}
