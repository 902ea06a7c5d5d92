import type { Kysely } from 'kysely';

/**
 * Job leases (issue 16, jobs/lease.ts): `jobs.locked_by` names the process holding a running
 * job (`host/pid/random`); with `locked_until` it is the lease that process renews while it
 * runs. Jobs left `running` by older versions have no owner and are freed at the next start.
 *
 * Frozen in time: imports nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('locked_by', 'text').execute();
}
