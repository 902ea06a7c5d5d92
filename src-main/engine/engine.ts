import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './db/connection';
import { exclusively, isPostgres } from './db/dialect';
import { systemClock, type Clock } from './clock';
import { cryptoIds, type IdSource } from './ids';
import { JobQueue } from './jobs/queue';
import { JOB, type JobPayloads } from './job-catalogue';
import { giveUpRun, parseRunJob } from './collect/parse-run.job';
import { reanalyzeJob } from './collect/reanalyze.job';
import { failReport, reportBuildJob } from './reports/report-build.job';
import { mailSendJob } from './mail/mail.job';
import { draftProposeJob } from './drafts/draft-propose.job';
import { EventBus } from './events/event-bus';
import type { SecretBox } from './secrets';
import { createKeyFileSecretBox } from './key-file-secrets';
import { makePrivate, PRIVATE_FILE, tightenDataFolder } from './private-files';
import { resealSecrets } from './reseal-secrets';
import { revokeLeftoverRunTokens } from './auth/tokens';
import type { EnginePorts } from './ports';
import type { EngineContext } from './context';
import { createApp } from './http/app';
import { ensureLocalOwner, LOCAL_OWNER_ID } from './account/users';
import { ensureCatalogue } from './neurals/neurals.service';
import { startBackgroundServices } from './background';
import { reportPrintJob, resumeStalledPrints } from './reports/report-print.job';

export interface EngineOptions {
  /** Folder of the SQLite file and generated files (PDFs). */
  dataDir: string;
  /** SQLite file; defaults to `<dataDir>/answerscope.sqlite`. */
  dbFile?: string;
  /**
   * A `postgres://` URL: the engine keeps its data in that PostgreSQL database instead of the
   * SQLite file (a team server; several app servers may share it, docs/deploy.md).
   */
  databaseUrl?: string;
  clock?: Clock;
  ids?: IdSource;
  /** Seals stored secrets; default: AES-GCM under `keyFile` (the desktop passes its keychain box). */
  secrets?: SecretBox;
  /** The headless key file; default `<dataDir>/secret.key` (created 0600 on first start). */
  keyFile?: string;
  ports?: EnginePorts;
  /** Start the job runner and schedulers (hosts: true; tests drive `jobs.drain()` instead). */
  runJobs?: boolean;
  /**
   * `host` (the desktop main, `serve`, tests): runs jobs and, at start, frees the jobs of a
   * process that died. `tool` (the CLI, a one-off script): reads and writes data, may enqueue,
   * but never claims, runs or frees a job — it may open the folder while a host runs.
   */
  role?: 'host' | 'tool';
  /** Where the engine is reachable, for links it hands out; a host sets it once listening. */
  publicUrl?: string;
  nativeBinding?: string;
}

export interface Engine {
  /** The API: a web-standard Request in, a Response out. `asUser` skips bearer auth (IPC path). */
  handle(request: Request, options?: { asUser?: number }): Promise<Response>;
  ctx: EngineContext;
  jobs: JobQueue<JobPayloads>;
  events: EventBus;
  localOwnerId: number;
  setPublicUrl(url: string): void;
  /**
   * Starts the job runner and schedulers (what `runJobs` does at creation). A host that learns
   * its address only once listening calls this after `setPublicUrl`, so no job (a print, an
   * e-mail with a link) runs with an address that is not yet right.
   */
  start(): void;
  /** Stops jobs at a safe point and closes the database. */
  close(): Promise<void>;
}

/** The composition root: opens the database, wires services, returns the handler. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  // The folder 0700, its files 0600 (private-files.ts); the database file is created 0600
  // before SQLite opens it, and SQLite gives its -wal and -shm files the same mode.
  tightenDataFolder(options.dataDir);
  const dbFile = options.dbFile ?? join(options.dataDir, 'answerscope.sqlite');
  if (!options.databaseUrl && dbFile !== ':memory:') {
    closeSync(openSync(dbFile, 'a', PRIVATE_FILE));
    makePrivate(dbFile);
  }
  const clock = options.clock ?? systemClock;
  const database = await openDatabase({
    file: dbFile,
    url: options.databaseUrl,
    nativeBinding: options.nativeBinding,
  });
  const { db } = database;
  const runsJobs = (options.role ?? 'host') === 'host';
  if (!runsJobs && options.runJobs) throw new Error('A tool engine cannot run jobs.');
  const jobs = new JobQueue<JobPayloads>(db, clock, undefined, runsJobs);
  let publicUrl = options.publicUrl ?? 'http://127.0.0.1';
  const ctx: EngineContext = {
    db,
    clock,
    ids: options.ids ?? cryptoIds,
    jobs,
    events: new EventBus(db, clock),
    secrets:
      options.secrets ?? createKeyFileSecretBox(options.keyFile ?? join(options.dataDir, 'secret.key')),
    ports: options.ports ?? {},
    publicUrl: () => publicUrl,
    dataDir: options.dataDir,
  };

  // Several app servers starting together on one PostgreSQL database do this one at a time.
  await exclusively(db, 'answerscope:start', async () => {
    await ensureLocalOwner(ctx);
    await ensureCatalogue(ctx);
    await resealSecrets(ctx);
  });
  registerJobs(ctx);
  if (runsJobs) {
    await exclusively(db, 'answerscope:start', async () => {
      // One host per SQLite file: run tokens left over are a crash's. On PostgreSQL other app
      // servers' live UI sessions share the table: theirs are left to expire (a day at most).
      if (!isPostgres(db)) await revokeLeftoverRunTokens(ctx);
      await jobs.recover();
      await resumeStalledPrints(ctx);
    });
  }

  const app = createApp(ctx);
  let stopBackground: (() => void) | null = null;
  const start = () => {
    if (!runsJobs) throw new Error('A tool engine cannot run jobs.');
    if (stopBackground) return;
    jobs.start();
    stopBackground = startBackgroundServices(ctx);
  };
  if (options.runJobs) start();

  return {
    handle: async (request, handleOptions) => app.fetch(request, { trustedUserId: handleOptions?.asUser }),
    ctx,
    jobs,
    events: ctx.events,
    localOwnerId: LOCAL_OWNER_ID,
    setPublicUrl: (url) => {
      publicUrl = url.replace(/\/$/, '');
    },
    start,
    close: async () => {
      stopBackground?.();
      await jobs.stop();
      await database.close();
    },
  };
}

/**
 * Every job's handler, registered once at start (the names and payloads: job-catalogue.ts).
 * The handler files document what happens when a job runs twice or stops half-way.
 */
function registerJobs(ctx: EngineContext): void {
  // Out of attempts: the run closes with what it collected (the rest refunded), never stays running.
  ctx.jobs.register(JOB.parseRun, parseRunJob(ctx), { onGiveUp: (p) => giveUpRun(ctx, p.runId) });
  ctx.jobs.register(JOB.reanalyze, reanalyzeJob(ctx));
  ctx.jobs.register(JOB.reportBuild, reportBuildJob(ctx), {
    onGiveUp: (p, error) => failReport(ctx, p.report_id, error),
  });
  ctx.jobs.register(JOB.reportPrint, reportPrintJob(ctx));
  ctx.jobs.register(JOB.mailSend, mailSendJob(ctx));
  ctx.jobs.register(JOB.draftPropose, draftProposeJob(ctx));
}
