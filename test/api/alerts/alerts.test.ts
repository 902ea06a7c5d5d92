import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { configureCollection } from '../../../src-main/engine/collect/tuning';
import { addCompatibleNetwork, eventsOf, makeProject } from '../collect/factories';
import { chatCompletion, startLoopbackAi } from '../collect/loopback-ai';
import { ans, seedProject, seedUpdate } from '../../helpers/seed-analytics';
import { alertAfterRun } from '../../../src-main/engine/alerts/alerts';
import type { RecordedEvent } from '../../../src-main/engine/events/event-bus';
import { JOB } from '../../../src-main/engine/job-catalogue';

/**
 * Issue 13 "tell me when it matters": real runs against a scripted provider on loopback whose
 * answers change between runs, the real answer analysis, and a real SMTP sink for the e-mail.
 */

/** A real SMTP sink on loopback (as the report e-mail tests use) keeping every message. */
async function startSink() {
  const received: Array<{ to: string[]; data: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const PROMPTS = Array.from({ length: 12 }, (_, i) => `best crm tool number ${i + 1}`);
const NAMED = 'For a small team, Acme is a solid CRM with good reviews and fair prices.';
const NOT_NAMED = 'For a small team, a spreadsheet may be enough before buying any CRM at all.';

let t: TestEngine;
let ai: Awaited<ReturnType<typeof startLoopbackAi>>;
/** Which prompts the scripted provider answers without the brand in the next run. */
let dropped = new Set<string>();
let notified: RecordedEvent[];

beforeEach(async () => {
  t = await createTestEngine({ now: '2026-11-02T10:00:00.000Z' });
  configureCollection(t.engine.ctx, { retry: { sleep: async () => {}, timeoutMs: 2000 } });
  dropped = new Set();
  ai = await startLoopbackAi((req) => {
    const prompt = String(req.body?.messages?.[0]?.content ?? '');
    return { json: chatCompletion(dropped.has(prompt) ? NOT_NAMED : NAMED) };
  });
  notified = [];
  t.engine.events.on((e) => notified.push(e));
});
afterEach(async () => {
  await ai.close();
  await t.close();
});

async function scriptedProject() {
  const p = await makeProject(t.engine, { prompts: PROMPTS, neurals: [] });
  const nid = await addCompatibleNetwork(t.engine, ai.url);
  await t.engine.ctx.db
    .insertInto('project_neurals')
    .values({ project_id: p.id, neural_id: nid, web_search_enabled: 0, position: 0 })
    .execute();
  return p;
}

/** One run a day: each run is its own update. */
async function runOnce(projectId: number) {
  t.clock.advance(86_400_000);
  const parse = await t.api.send('POST /api/projects/{project}/parse', { params: { project: projectId } });
  expect(parse.status).toBe(202);
  await t.engine.jobs.drain({ ignoreDelays: true });
}

const SETTINGS = 'PATCH /api/projects/{project}/settings';

const alertsOf = async (projectId: number) =>
  (await eventsOf(t.engine, projectId)).filter((e) => e.type === 'significant_change');

describe('alerts after a run', () => {
  it('fire once for a significant drop of the brand and never for a drop within noise', async () => {
    const p = await scriptedProject();
    await runOnce(p.id); // every answer names Acme
    dropped = new Set([PROMPTS[0]]);
    await runOnce(p.id); // 12 → 11: one pair lost, p = 1: within noise
    expect(await alertsOf(p.id)).toEqual([]);
    const summary = await t.api.request('GET /api/projects/{project}/summary', { params: { project: p.id } });
    expect(summary.data.updateStats.visibility_change).toMatchObject({
      gained: 0,
      lost: 1,
      significant: false,
    });

    dropped = new Set(PROMPTS.slice(0, 10));
    await runOnce(p.id); // 11 → 2: nine pairs lost, p = 2^-8
    const alerts = await alertsOf(p.id);
    expect(alerts).toEqual([
      {
        type: 'significant_change',
        message:
          'Visibility of Acme fell significantly from 91.67 % to 16.67 % (12 pairs, 0 gained, 9 lost, p = 0.0039).',
      },
    ]);
    // The desktop host shows the same event as an OS notification (the default channels).
    const shown = notified.filter((e) => e.type === 'significant_change');
    expect(shown).toHaveLength(1);
    expect(shown[0].notify).not.toBe(false);

    await runOnce(p.id); // the same answers again: nothing changed, nothing more to tell
    expect(await alertsOf(p.id)).toHaveLength(1);
  });

  it('e-mails the chosen addresses over SMTP when only e-mail is chosen, and records no event', async () => {
    const sink = await startSink();
    try {
      await t.api.send('PATCH /api/app/settings', {
        body: {
          smtp: { host: '127.0.0.1', port: sink.port, secure: false, from: 'alerts@answerscope.test' },
        },
      });
      const p = await scriptedProject();
      const saved = await t.api.send(SETTINGS, {
        params: { project: p.id },
        body: { alerts: { event: false, desktop: false, email: true, emails: ['analyst@acme.test'] } },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.alerts).toEqual({
        event: false,
        desktop: false,
        email: true,
        emails: ['analyst@acme.test'],
      });
      await runOnce(p.id);
      dropped = new Set(PROMPTS);
      await runOnce(p.id);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0].to).toEqual(['analyst@acme.test']);
      expect(sink.received[0].data).toContain(
        'Subject: Significant change: Acme project (2026-11-03 to 2026-11-04)',
      );
      // The body is quoted-printable: undo its soft line breaks and escapes to read it.
      const body = sink.received[0].data
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(body).toContain(
        'Visibility of Acme fell significantly from 100 % to 0 % (12 pairs, 0 gained, 12 lost',
      );
      expect(await alertsOf(p.id)).toEqual([]);
      expect(notified.filter((e) => e.type === 'significant_change')).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('keeps an alert out of the OS notifications when only the event list is chosen', async () => {
    const p = await scriptedProject();
    await t.api.send(SETTINGS, { params: { project: p.id }, body: { alerts: { desktop: false } } });
    await runOnce(p.id);
    dropped = new Set(PROMPTS);
    await runOnce(p.id);
    expect(await alertsOf(p.id)).toHaveLength(1);
    expect(notified.filter((e) => e.type === 'significant_change')[0].notify).toBe(false);
  });

  it('refuses a malformed address with 422 on its field path', async () => {
    const p = await scriptedProject();
    const res = await t.api.error(SETTINGS, {
      params: { project: p.id },
      body: { alerts: { emails: ['not an address'] } },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['alerts.emails.0']);
  });
});

describe('a completion resumed after a crash', () => {
  /** The queue runs the parse job of a run again, as after a crash before the job was marked done. */
  async function resumeJob(runId: number) {
    await t.engine.jobs.enqueue(JOB.parseRun, { runId }, { maxAttempts: 10 });
    await t.engine.jobs.drain({ ignoreDelays: true });
  }
  const lastRunId = async (projectId: number) =>
    (
      await t.engine.ctx.db
        .selectFrom('parse_runs')
        .select('id')
        .where('project_id', '=', projectId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;
  const shown = () => notified.filter((e) => e.type === 'significant_change');

  it('tells nothing twice when the alerts were told before the crash (event, desktop, e-mail)', async () => {
    const sink = await startSink();
    try {
      await t.api.send('PATCH /api/app/settings', {
        body: {
          smtp: { host: '127.0.0.1', port: sink.port, secure: false, from: 'alerts@answerscope.test' },
        },
      });
      const p = await scriptedProject();
      await t.api.send(SETTINGS, {
        params: { project: p.id },
        body: { alerts: { email: true, emails: ['analyst@acme.test'] } },
      });
      await runOnce(p.id);
      dropped = new Set(PROMPTS);
      await runOnce(p.id);
      expect(await alertsOf(p.id)).toHaveLength(1);
      expect(shown()).toHaveLength(1);
      expect(sink.received).toHaveLength(1);

      await resumeJob(await lastRunId(p.id));
      await resumeJob(await lastRunId(p.id));
      expect(await alertsOf(p.id)).toHaveLength(1);
      expect(shown()).toHaveLength(1);
      expect(sink.received).toHaveLength(1);
    } finally {
      await sink.close();
    }
  });

  it('tells once what a crash between closing the run and alerting left untold', async () => {
    const p = await scriptedProject();
    await runOnce(p.id);
    dropped = new Set(PROMPTS);
    await runOnce(p.id);
    const runId = await lastRunId(p.id);
    // The state a crash before the alert transaction committed leaves: the run completed, its
    // alerts neither stored nor marked (the mark and the events commit together or not at all).
    await t.engine.ctx.db.deleteFrom('events').where('type', '=', 'significant_change').execute();
    await t.engine.ctx.db
      .updateTable('parse_runs')
      .set({ alerted_at: null })
      .where('id', '=', runId)
      .execute();
    notified = [];

    await resumeJob(runId);
    expect((await alertsOf(p.id)).map((e) => e.message)).toEqual([
      'Visibility of Acme fell significantly from 100 % to 0 % (12 pairs, 0 gained, 12 lost, p = 0.00049).',
    ]);
    expect(shown()).toHaveLength(1);
    await resumeJob(runId);
    expect(await alertsOf(p.id)).toHaveLength(1);
    expect(shown()).toHaveLength(1);
    // Closing is not redone: the run's own events are not repeated either.
    expect((await eventsOf(t.engine, p.id)).filter((e) => e.type === 'update_finished')).toHaveLength(2);
  });
});

describe('a competitor that rises', () => {
  it('alerts on a significant rise of a competitor, not on one within noise', async () => {
    const ctx = t.engine.ctx;
    const project = await seedProject(ctx, {
      neurals: ['chatgpt', 'perplexity'],
      prompts: Array.from({ length: 6 }, (_, i) => `prompt ${i}`),
    });
    await ctx.db.updateTable('projects').set({ language: 'en' }).where('id', '=', project.id).execute();
    const nets = Object.values(project.neural);
    const every = (competitors: (i: number) => string[]) =>
      project.prompts.flatMap((p, i) =>
        nets.map((n) => ans(p, n, { brandAt: 1, competitors: competitors(i) })),
      );
    await seedUpdate(
      ctx,
      project,
      '2026-11-01',
      every(() => []),
    );
    // Globex now in all 12 answers (p = 2^-11); Initech in one (p = 1).
    const run2 = await seedUpdate(
      ctx,
      project,
      '2026-11-08',
      every((i) => (i === 0 ? ['Globex', 'Initech'] : ['Globex'])),
    );
    expect(await alertAfterRun(ctx, project.id, run2)).toBe(1);
    expect((await alertsOf(project.id)).map((e) => e.message)).toEqual([
      'Competitor Globex rose significantly from 0 % to 100 % (12 pairs, 12 gained, 0 lost, p = 0.00049).',
    ]);
  });
});
