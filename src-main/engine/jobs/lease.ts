import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { Database, JobRow } from '../db/schema';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';

/**
 * Job leases: the only place that decides which process may run a job. A process claims a job
 * by writing its owner id into `locked_by` and a deadline into `locked_until`; while it runs the
 * job it renews the deadline (a heartbeat). Another process takes a `running` job over only
 * once that deadline has passed — so a CLI command, a second window or a slow job never causes
 * a second copy of the work.
 *
 * SQLite serialises writers, so claim = pick a candidate, then one guarded UPDATE that
 * re-checks it is still claimable. On PostgreSQL (several app servers on one database, issue 14)
 * the claim is one statement: `UPDATE jobs SET … WHERE id = (SELECT id FROM jobs WHERE
 * <claimable> ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING *`, so two servers
 * polling at once each get a different job instead of one waiting on the other's row lock; renew
 * and release keep their `locked_by = owner` guard unchanged.
 */

/**
 * How long a claim holds without renewal; a crashed process's jobs are free again after it (on
 * another machine, where its pid cannot be checked, only then). `ANSWERSCOPE_JOB_LEASE_MS` sets
 * it (at least 2 s), for a team server wanting a faster hand-over, and for the tests that kill
 * a server mid-run.
 */
export const LEASE_MS = leaseFromEnv(process.env.ANSWERSCOPE_JOB_LEASE_MS) ?? 60_000;
/** How often a running process renews its leases (well inside LEASE_MS). */
export const HEARTBEAT_MS = Math.round(LEASE_MS / 4);

function leaseFromEnv(value: string | undefined): number | undefined {
  const ms = Number(value);
  return value && Number.isInteger(ms) && ms >= 2_000 ? ms : undefined;
}

/** Owner ids of the job queues open in this process (a process may open several engines). */
const openHere = new Set<string>();

/**
 * `host/pid/random`: who holds a lease, and enough to tell whether that process still lives.
 * Open until `closeOwner`.
 */
export function newOwnerId(): string {
  const owner = `${hostname()}/${process.pid}/${randomBytes(6).toString('hex')}`;
  openHere.add(owner);
  return owner;
}

export function closeOwner(owner: string): void {
  openHere.delete(owner);
}

export interface ClaimOptions {
  owner: string;
  names: string[];
  now: Date;
  ignoreDelays?: boolean;
  leaseMs?: number;
}

type JobsExpression = ExpressionBuilder<Database, 'jobs'>;
type JobIdQuery = SelectQueryBuilder<Database, 'jobs', { id: number }>;

/**
 * Claims the oldest claimable job: `queued` and due, or `running` with an expired lease. Counts
 * an attempt. Returns undefined when none is claimable (or another process won the race).
 */
export async function claimNext(db: Db, options: ClaimOptions): Promise<JobRow | undefined> {
  if (!options.names.length) return undefined;
  const now = options.now.toISOString();
  const claimable = (ignoreDelays: boolean) => (eb: JobsExpression) =>
    eb.or([
      ignoreDelays
        ? eb('status', '=', 'queued')
        : eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
      eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
    ]);
  // The oldest claimable job of these names: the row both dialects claim.
  const oldest = (q: JobIdQuery): JobIdQuery =>
    q
      .where('name', 'in', options.names)
      .where(claimable(options.ignoreDelays ?? false))
      .orderBy('run_after')
      .orderBy('id')
      .limit(1);
  const claim = {
    status: 'running' as const,
    attempts: (eb: JobsExpression) => eb('attempts', '+', 1),
    locked_by: options.owner,
    locked_until: new Date(options.now.getTime() + (options.leaseMs ?? LEASE_MS)).toISOString(),
    updated_at: now,
  };
  if (isPostgres(db))
    return db
      .updateTable('jobs')
      .set(claim)
      .where('id', '=', (eb) => eb.selectFrom('jobs').select('id').$call(oldest).forUpdate().skipLocked())
      .where(claimable(true))
      .returningAll()
      .executeTakeFirst();
  const candidate = await db.selectFrom('jobs').select('id').$call(oldest).executeTakeFirst();
  if (!candidate) return undefined;
  return db
    .updateTable('jobs')
    .set(claim)
    .where('id', '=', candidate.id)
    .where(claimable(true))
    .returningAll()
    .executeTakeFirst();
}

/** Extends the leases `owner` still holds; returns the ids it no longer holds (taken over). */
export async function renewLeases(
  db: Db,
  owner: string,
  ids: number[],
  now: Date,
  leaseMs = LEASE_MS,
): Promise<number[]> {
  if (!ids.length) return [];
  const held = await db
    .updateTable('jobs')
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', 'in', ids)
    .where('locked_by', '=', owner)
    .where('status', '=', 'running')
    .returning('id')
    .execute();
  const kept = new Set(held.map((r) => r.id));
  return ids.filter((id) => !kept.has(id));
}

/** Ends a claim: the new status, error and run time, only if `owner` still holds the job. */
export async function release(
  db: Db,
  owner: string,
  id: number,
  values: { status: JobRow['status']; last_error?: string | null; run_after?: string; uncount?: boolean },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: values.status,
      locked_by: null,
      locked_until: null,
      updated_at: now.toISOString(),
      ...(values.last_error !== undefined ? { last_error: values.last_error } : {}),
      ...(values.run_after ? { run_after: values.run_after } : {}),
      ...(values.uncount ? { attempts: (eb) => eb('attempts', '-', 1) } : {}),
    })
    .where('id', '=', id)
    .where('locked_by', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * At a host's start: leases of processes that are gone (this machine, pid no longer alive; or
 * no owner recorded, from before leases existed) end now instead of after LEASE_MS, so a restart
 * after a crash resumes at once. A lease of a live process — another host on the same folder —
 * is left alone. Returns how many were freed.
 */
export async function expireDeadOwners(db: Db, now: Date): Promise<number> {
  const running = await db
    .selectFrom('jobs')
    .select(['id', 'locked_by'])
    .where('status', '=', 'running')
    .execute();
  const dead = running.filter((r) => !ownerAlive(r.locked_by)).map((r) => r.id);
  if (!dead.length) return 0;
  await db
    .updateTable('jobs')
    .set({ locked_until: new Date(now.getTime() - 1).toISOString() })
    .where('id', 'in', dead)
    .execute();
  return dead.length;
}

function ownerAlive(owner: string | null): boolean {
  if (!owner) return false;
  const [host, pidText] = owner.split('/');
  if (host !== hostname()) return true; // another machine: only its lease deadline tells
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return openHere.has(owner);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
