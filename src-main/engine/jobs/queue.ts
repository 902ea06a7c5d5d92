import type { Db } from '../db/connection';
import type { Clock } from '../clock';
import type { JobRow } from '../db/schema';

/**
 * A durable job queue in SQLite. Work that outlives a request (parse runs, draft proposals,
 * report building, PDF printing, e-mail, schedules) is a row here, never a bare promise:
 * a job left `running` by a crash is put back to `queued` when the engine starts again, so
 * every handler must be safe to run twice (each handler file says how it is).
 */
export interface JobContext {
  id: number;
  attempt: number;
  /** True once the engine is closing: long handlers stop at a safe point and return. */
  readonly stopping: boolean;
}

export type JobHandler<P = any> = (payload: P, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Delay before the job may run, in milliseconds. */
  delayMs?: number;
  maxAttempts?: number;
}

/** Thrown by a handler to ask for a retry later without counting as a crash. */
export class RetryLater extends Error {
  constructor(readonly delayMs: number) {
    super(`retry in ${delayMs} ms`);
  }
}

const LOCK_MS = 10 * 60_000;
const POLL_MS = 500;

export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private running = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private closing = false;
  private polling = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly concurrency = 4,
  ) {}

  register<P>(name: string, handler: JobHandler<P>): void {
    this.handlers.set(name, handler as JobHandler);
  }

  async enqueue<P>(name: string, payload: P, options: EnqueueOptions = {}): Promise<number> {
    const now = this.clock.now();
    const runAfter = new Date(now.getTime() + (options.delayMs ?? 0)).toISOString();
    const row = await this.db
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

  /** Puts jobs a crashed process left `running` back in the queue. */
  async recover(): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_until: null, updated_at: this.clock.now().toISOString() })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Starts polling in the background (hosts call this; tests usually call `drain`). */
  start(): void {
    if (this.started) return;
    this.started = true;
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
  }

  /**
   * Runs jobs until none is ready. With `ignoreDelays`, delayed jobs run at once (tests use a
   * fixed clock, so a backoff would otherwise never elapse).
   */
  async drain(options: { ignoreDelays?: boolean; maxJobs?: number } = {}): Promise<number> {
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
      await this.execute(job);
    }
    return count;
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

  /** Claims the oldest ready job with a known handler, atomically (one UPDATE … RETURNING). */
  private async claim(ignoreDelays: boolean): Promise<JobRow | undefined> {
    const now = this.clock.now();
    const names = [...this.handlers.keys()];
    if (!names.length) return undefined;
    const candidate = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('name', 'in', names)
      .$if(!ignoreDelays, (q) => q.where('run_after', '<=', now.toISOString()))
      .orderBy('run_after')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: (eb) => eb('attempts', '+', 1),
        locked_until: new Date(now.getTime() + LOCK_MS).toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', candidate.id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  }

  private async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.name)!;
    const isClosing = () => this.closing;
    const context: JobContext = {
      id: job.id,
      attempt: job.attempts,
      get stopping() {
        return isClosing();
      },
    };
    try {
      await handler(JSON.parse(job.payload), context);
      // A handler that returned because the engine is closing has not finished: requeue it.
      await this.finish(job.id, this.closing ? 'queued' : 'done', null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLater) {
        await this.requeue(job.id, error.delayMs, message, false);
      } else if (job.attempts < job.max_attempts && !this.closing) {
        await this.requeue(job.id, 1000 * 2 ** job.attempts, message, true);
      } else {
        await this.finish(job.id, this.closing ? 'queued' : 'failed', message);
      }
    }
  }

  private async finish(id: number, status: JobRow['status'], error: string | null): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status, last_error: error, locked_until: null, updated_at: this.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  private async requeue(id: number, delayMs: number, error: string, counts: boolean): Promise<void> {
    const now = this.clock.now();
    await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        last_error: error,
        locked_until: null,
        run_after: new Date(now.getTime() + delayMs).toISOString(),
        updated_at: now.toISOString(),
        ...(counts ? {} : { attempts: (eb) => eb('attempts', '-', 1) }),
      })
      .where('id', '=', id)
      .execute();
  }
}
