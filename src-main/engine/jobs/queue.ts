import type { Db } from '../db/connection';
import type { Clock } from '../clock';
import type { JobRow } from '../db/schema';
import {
  claimNext,
  closeOwner,
  expireDeadOwners,
  HEARTBEAT_MS,
  LEASE_MS,
  newOwnerId,
  release,
  renewLeases,
} from './lease';

/**
 * A durable job queue in SQLite. Work that outlives a request (parse runs, draft proposals,
 * report building, PDF printing, e-mail, schedules) is a row here, never a bare promise.
 * A process runs a job under a lease it renews (jobs/lease.ts); a job whose process crashed is
 * taken over once its lease ends (at once when the host restarts on the same machine), so
 * every handler must be safe to run twice (each handler file says how it is). A job gets
 * `max_attempts` claims; after the last one it fails with its last error and its `onGiveUp`
 * runs, so the report or run it served never stays `running`.
 */
export interface JobContext {
  id: number;
  attempt: number;
  /**
   * True once the engine is closing, or once this process lost the job's lease (another took
   * it over): long handlers stop at a safe point and return.
   */
  readonly stopping: boolean;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface JobRegistration<P> {
  /**
   * Runs once when the job has used all its attempts (its last run threw, or the processes
   * running it kept dying): closes whatever the job was doing with that error.
   */
  onGiveUp?: (payload: P, lastError: string) => Promise<void>;
}

export interface EnqueueOptions {
  /** Delay before the job may run, in milliseconds. */
  delayMs?: number;
  maxAttempts?: number;
  /** Enqueue inside this transaction: the job exists only if the caller's writes commit. */
  db?: Db;
}

/** Thrown by a handler to ask for a retry later without counting as a crash. */
export class RetryLater extends Error {
  constructor(readonly delayMs: number) {
    super(`retry in ${delayMs} ms`);
  }
}

const POLL_MS = 500;

/**
 * `Jobs` maps each job name to its payload type (job-catalogue.ts for the engine's), so a name
 * takes only its own payload. The queue itself knows no job: the composition root registers them.
 */
export class JobQueue<Jobs extends object> {
  private handlers = new Map<string, { run: JobHandler<unknown>; registration: JobRegistration<unknown> }>();
  private running = new Map<number, Promise<void>>();
  /** Jobs whose lease this process lost while running them (their handler should stop). */
  private lost = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private started = false;
  private closing = false;
  private polling = false;
  /** This process's lease owner id (jobs/lease.ts). */
  readonly owner = newOwnerId();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly concurrency = 4,
    /** False in a tool (the CLI): it may enqueue but never claims, runs or frees jobs. */
    private readonly runsJobs = true,
  ) {}

  register<N extends keyof Jobs & string>(
    name: N,
    handler: JobHandler<Jobs[N]>,
    registration: JobRegistration<Jobs[N]> = {},
  ): void {
    // Stored untyped: a row's payload is JSON whose type its name decides.
    this.handlers.set(name, {
      run: handler as JobHandler<unknown>,
      registration: registration as JobRegistration<unknown>,
    });
  }

  async enqueue<N extends keyof Jobs & string>(
    name: N,
    payload: Jobs[N],
    options: EnqueueOptions = {},
  ): Promise<number> {
    const now = this.clock.now();
    const runAfter = new Date(now.getTime() + (options.delayMs ?? 0)).toISOString();
    const row = await (options.db ?? this.db)
      .insertInto('jobs')
      .values({
        name,
        payload: JSON.stringify(payload),
        status: 'queued',
        attempts: 0,
        max_attempts: options.maxAttempts ?? 3,
        run_after: runAfter,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (this.started) this.kick();
    return row.id;
  }

  /**
   * At a host's start: frees the jobs of processes that are gone, so they resume now rather
   * than when their lease ends. Jobs a live process holds are left to it.
   */
  async recover(): Promise<number> {
    if (!this.runsJobs) return 0;
    return expireDeadOwners(this.db, this.clock.now());
  }

  /** Starts polling in the background (hosts call this; tests usually call `drain`). */
  start(): void {
    this.assertRunner();
    if (this.started) return;
    this.started = true;
    this.heartbeat = setInterval(() => void this.renew(), HEARTBEAT_MS);
    this.heartbeat.unref?.();
    this.kick();
  }

  /** Stops taking jobs, waits for running ones to reach a safe point (bounded by `graceMs`). */
  async stop(graceMs = 10_000): Promise<void> {
    this.closing = true;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const all = Promise.allSettled([...this.running.values()]);
    await Promise.race([all, new Promise((r) => setTimeout(r, graceMs).unref())]);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    closeOwner(this.owner);
  }

  /**
   * Runs jobs until none is ready. With `ignoreDelays`, delayed jobs run at once (tests use a
   * fixed clock, so a backoff would otherwise never elapse).
   */
  async drain(options: { ignoreDelays?: boolean; maxJobs?: number } = {}): Promise<number> {
    this.assertRunner();
    let count = 0;
    const max = options.maxJobs ?? 10_000;
    while (count < max) {
      const job = await this.claim(options.ignoreDelays ?? false);
      if (!job) {
        if (this.running.size === 0) break;
        await Promise.race(this.running.values());
        continue;
      }
      count++;
      const done = this.execute(job);
      this.running.set(job.id, done);
      await done.finally(() => {
        this.running.delete(job.id);
        this.lost.delete(job.id);
      });
    }
    return count;
  }

  /** Renews the leases of the jobs this process runs (the heartbeat; tests call it directly). */
  async renew(): Promise<void> {
    const ids = [...this.running.keys()];
    try {
      for (const id of await renewLeases(this.db, this.owner, ids, this.clock.now(), LEASE_MS))
        this.lost.add(id);
    } catch (error) {
      // A busy database this beat: the next beat renews; the lease has LEASE_MS of slack.
      console.error('[jobs] lease renewal failed', error);
    }
  }

  /** Number of jobs by status, for diagnostics and tests. */
  async counts(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  private assertRunner(): void {
    if (!this.runsJobs) throw new Error('This process does not run jobs (only the desktop or `serve` does).');
  }

  private kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), 0);
  }

  private async poll(): Promise<void> {
    if (this.polling || !this.started) return;
    this.polling = true;
    try {
      while (this.started && this.running.size < this.concurrency) {
        const job = await this.claim(false);
        if (!job) break;
        const done = this.execute(job).finally(() => {
          this.running.delete(job.id);
          this.lost.delete(job.id);
          if (this.started) this.kick();
        });
        this.running.set(job.id, done);
      }
    } finally {
      this.polling = false;
      if (this.started) {
        this.timer = setTimeout(() => void this.poll(), POLL_MS);
        this.timer.unref?.();
      }
    }
  }

  private claim(ignoreDelays: boolean): Promise<JobRow | undefined> {
    return claimNext(this.db, {
      owner: this.owner,
      names: [...this.handlers.keys()],
      now: this.clock.now(),
      ignoreDelays,
    });
  }

  private async execute(job: JobRow): Promise<void> {
    const { run, registration } = this.handlers.get(job.name)!;
    // Claimed once more than allowed (its processes kept dying): give up without running it.
    if (job.attempts > job.max_attempts) {
      const message =
        job.last_error ?? `Interrupted ${job.max_attempts} times (the process running it stopped).`;
      return this.giveUp(job, registration, message, true);
    }
    const isStopping = () => this.closing || this.lost.has(job.id);
    const context: JobContext = {
      id: job.id,
      attempt: job.attempts,
      get stopping() {
        return isStopping();
      },
    };
    try {
      await run(JSON.parse(job.payload), context);
      // A handler that returned because the engine is closing has not finished: requeue it.
      await this.finish(job.id, this.closing ? 'queued' : 'done', null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLater) {
        await this.requeue(job.id, error.delayMs, message, false);
      } else if (this.closing) {
        await this.finish(job.id, 'queued', message);
      } else if (job.attempts < job.max_attempts) {
        await this.requeue(job.id, 1000 * 2 ** job.attempts, message, true);
      } else {
        await this.giveUp(job, registration, message);
      }
    }
  }

  /** `uncount`: this claim was only to give up (not a run), so `attempts` stays at the maximum. */
  private async giveUp(
    job: JobRow,
    registration: JobRegistration<unknown>,
    message: string,
    uncount = false,
  ): Promise<void> {
    const released = await release(
      this.db,
      this.owner,
      job.id,
      { status: 'failed', last_error: message, uncount },
      this.clock.now(),
    );
    if (!released) return; // another process holds it now
    try {
      await registration.onGiveUp?.(JSON.parse(job.payload), message);
    } catch (error) {
      console.error(`[jobs] ${job.name} #${job.id}: closing after the last attempt failed`, error);
    }
  }

  private finish(id: number, status: JobRow['status'], error: string | null): Promise<boolean> {
    return release(this.db, this.owner, id, { status, last_error: error }, this.clock.now());
  }

  private async requeue(id: number, delayMs: number, error: string, counts: boolean): Promise<void> {
    const now = this.clock.now();
    await release(
      this.db,
      this.owner,
      id,
      {
        status: 'queued',
        last_error: error,
        run_after: new Date(now.getTime() + delayMs).toISOString(),
        uncount: !counts,
      },
      now,
    );
  }
}
