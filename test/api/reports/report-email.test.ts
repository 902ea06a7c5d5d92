import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestEngine, type TestEngine } from '../../helpers/test-engine';
import { seedProject, type SeededProject } from '../../helpers/seed-analytics';
import { JOB } from '../../../src-main/engine/job-catalogue';
import { reportBuildJob } from '../../../src-main/engine/reports/report-build.job';
import type { ReportOptionsInput } from '../../../src-shared/api/reports';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP sink on loopback that keeps every message it is given. */
async function startSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
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

let t: TestEngine;
let p: SeededProject;
let sink: Awaited<ReturnType<typeof startSink>>;

beforeEach(async () => {
  t = await createTestEngine();
  p = await seedProject(t.engine.ctx, { brand: 'Acme' });
  // English notices: plain ASCII subjects and bodies the test can read without a MIME decoder.
  await t.engine.ctx.db.updateTable('projects').set({ language: 'en' }).where('id', '=', p.id).execute();
  sink = await startSink();
});
afterEach(async () => {
  await sink.close();
  await t.close();
});

const useSink = () =>
  t.api.send('PATCH /api/app/settings', {
    body: {
      smtp: { host: '127.0.0.1', port: sink.port, secure: false, from: 'reports@answerscope.test' },
    },
  });

const create = (options: Partial<ReportOptionsInput>) =>
  t.api.send('POST /api/projects/{project}/reports', {
    params: { project: p.id },
    body: {
      options: {
        comparison_enabled: false,
        period_main: 'last_7_days',
        blocks: [{ slug: 'summary' }],
        ...options,
      },
    },
  });

describe('report e-mail notices', () => {
  it('sends the success notice to report_email over SMTP', async () => {
    expect((await useSink()).status).toBe(200);
    const created = await create({
      report_email: 'boss@example.com, team@example.com',
      report_email_notifications: ['ops@example.com'],
    });
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail.from).toBe('reports@answerscope.test');
    expect(mail.to.sort()).toEqual(['boss@example.com', 'team@example.com']);
    expect(mail.data).toMatch(/^Subject: Report ready: Acme project/m);
    expect(mail.data).toContain(`/reports/${created.body.id}`);
  });

  it('sends the failure notice to report_email_notifications when the build fails', async () => {
    await useSink();
    t.engine.jobs.register(
      JOB.reportBuild,
      reportBuildJob(t.engine.ctx, {
        beforeBlock: () => {
          throw new Error('disk full');
        },
      }),
    );
    const created = await create({
      report_email: 'boss@example.com',
      report_email_notifications: 'ops@example.com',
    });
    await t.engine.jobs.drain({ ignoreDelays: true });

    const report = await t.api.request('GET /api/projects/{project}/reports/{report}/status', {
      params: { project: p.id, report: created.body.id },
    });
    expect(report.status).toBe('failed');
    expect(sink.received.map((m) => m.to)).toEqual([['ops@example.com']]);
    expect(sink.received[0].data).toContain('disk full');
    const events = await t.engine.ctx.db.selectFrom('events').select(['type', 'message']).execute();
    expect(events.filter((e) => e.type === 'report_failed')).toHaveLength(1);
  });

  it('records the notice as an event when no SMTP server is set', async () => {
    await create({ report_email: 'boss@example.com' });
    await t.engine.jobs.drain({ ignoreDelays: true });
    expect(sink.received).toHaveLength(0);
    const notices = await t.engine.ctx.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'notice')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain('boss@example.com');
    expect(notices[0].project_id).toBe(p.id);
  });
});
