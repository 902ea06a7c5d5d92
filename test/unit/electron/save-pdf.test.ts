import { readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { ans, seedProject, seedUpdate, type SeededProject } from '../../helpers/seed-analytics';
import { createBridge, type Bridge } from '../../../src-main/electron/bridge-core';
import { filePath, mountSavePdfRoute } from '../../../src-main/electron/save-pdf';
import type { WireResponse } from '../../../src-shared/ipc';
import { PrintError } from '../../../src-main/engine/ports';

/** "Save PDF…" against the real engine; only Chromium (the printer) and the OS dialog are stand-ins. */
let t: TestEngine;
let p: SeededProject;
let bridge: Bridge;
let chosen: string | null;
const printed: string[] = [];
const json = (res: WireResponse) => JSON.parse(res.body);

beforeEach(async () => {
  t = await createTestEngine({
    ports: {
      printer: {
        printToPdf: async (url, outFile) => {
          printed.push(url);
          writeFileSync(outFile, '%PDF-1.7\n% a stand-in for Chromium’s output\n');
        },
      },
    },
  });
  p = await seedProject(t.engine.ctx, { brand: 'Acme', prompts: ['best tools'], neurals: ['chatgpt'] });
  await seedUpdate(t.engine.ctx, p, '2026-11-18', [ans(p.prompts[0], p.neural.chatgpt, { brandAt: 1 })]);
  chosen = join(t.dataDir, 'saved.pdf');
  bridge = createBridge({ engine: t.engine, getRemote: () => null });
  mountSavePdfRoute(
    bridge,
    { choosePath: async () => chosen, writeFile: (path, bytes) => writeFile(path, bytes) },
    () => null,
  );
});
afterEach(() => t.close());

const save = (body: unknown) =>
  bridge.handleWire({ method: 'POST', path: '/app-shell/save-pdf', body: JSON.stringify(body) });

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

describe('POST /app-shell/save-pdf', () => {
  it('starts the print, answers 409 in_progress, then saves the PDF where the user chose', async () => {
    const id = await doneReport();
    const first = await save({ project_id: p.id, report_id: id });
    expect(first.status).toBe(409);
    expect(json(first)).toEqual({ message: expect.any(String), status: 'in_progress' });

    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(printed[printed.length - 1]).toContain(`/#/print/reports/${p.id}/${id}?token=`);
    const second = await save({ project_id: p.id, report_id: id });
    expect(second.status).toBe(200);
    expect(json(second)).toEqual({ data: { saved: true, path: chosen } });
    expect(readFileSync(chosen!, 'utf8')).toMatch(/^%PDF-/);
  });

  it('answers 502 with the reason when the print failed, and prints anew when asked again', async () => {
    const id = await doneReport();
    const printer = t.engine.ctx.ports.printer!;
    const working = printer.printToPdf;
    printer.printToPdf = async () => {
      throw new PrintError('The print view could not load the report.');
    };
    await save({ project_id: p.id, report_id: id });
    await t.engine.jobs.drain({ ignoreDelays: true });
    const failed = await save({ project_id: p.id, report_id: id });
    expect(failed.status).toBe(502);
    expect(json(failed)).toEqual({
      message: 'The print view could not load the report.',
      print_error: 'The print view could not load the report.',
    });

    printer.printToPdf = working;
    expect((await save({ project_id: p.id, report_id: id })).status).toBe(409);
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(json(await save({ project_id: p.id, report_id: id }))).toEqual({
      data: { saved: true, path: chosen },
    });
  });

  it('saves nothing when the user cancels the dialog', async () => {
    const id = await doneReport();
    await save({ project_id: p.id, report_id: id });
    await t.engine.jobs.drain({ ignoreDelays: true });
    chosen = null;
    const res = await save({ project_id: p.id, report_id: id });
    expect(json(res)).toEqual({ data: { saved: false, path: null } });
  });

  it('passes the API’s own errors through: 400 before done, 404 for an unknown report', async () => {
    const created = await t.api.send('POST /api/projects/{project}/reports', {
      params: { project: p.id },
      body: {
        options: { comparison_enabled: false, period_main: 'last_30_days', blocks: [{ slug: 'summary' }] },
      },
    });
    const early = await save({ project_id: p.id, report_id: created.body.id });
    expect(early.status).toBe(400);
    expect(json(early)).toEqual({ message: expect.any(String), status: 'queued' });
    expect((await save({ project_id: p.id, report_id: 9999 })).status).toBe(404);
  });

  it('answers 422 by field for ids that are not positive integers', async () => {
    const res = await save({ project_id: 'one', report_id: -2 });
    expect(res.status).toBe(422);
    expect(Object.keys(json(res).errors).sort()).toEqual(['project_id', 'report_id']);
  });
});

describe('filePath', () => {
  it('keeps the API path of a file link, under a remote server’s prefix too', () => {
    expect(filePath('app://answerscope/api/projects/1/reports/2/file', null)).toBe(
      '/api/projects/1/reports/2/file',
    );
    expect(
      filePath('https://team.example/as/api/projects/1/reports/2/file?k=v', 'https://team.example/as'),
    ).toBe('/api/projects/1/reports/2/file?k=v');
    expect(filePath('https://elsewhere.example/download.pdf', null)).toBeNull();
  });
});
