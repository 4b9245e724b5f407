// Scheduled jobs run once across the server processes that share a PostgreSQL database. A
// run is a transaction that holds the job's advisory lock while the job works (on other
// connections of the pool):
//
//   BEGIN;
//   SELECT pg_try_advisory_xact_lock(<jobs>, <hash of the name>);   -- false: someone runs it
//   INSERT INTO job_runs (name, started_at) VALUES (…)               -- no row: ran recently
//     ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at
//     WHERE job_runs.started_at <= <now - spacing> RETURNING name;
//   … the job …
//   COMMIT;                                                          -- ROLLBACK if it failed
//
// So when two processes tick at once, one runs and the other skips; a process whose timer
// ticks shortly after another's run skips too, so the work is done once per interval, not
// once per process. A process that dies mid-job loses its connection, and PostgreSQL then
// releases the lock and rolls back the claim, so the next tick anywhere runs the job again;
// a failed run is rolled back likewise. On SQLite one process runs everything: jobs just run.
import { sql } from 'kysely';
import type { AppDatabase } from './database.ts';

export type ClaimedRun<T> = { ran: true; result: T } | { ran: false };

export interface JobRuns {
  /**
   * Runs `work` as a run of job `name` started at `now`, unless another process is running
   * the job or started a run that completed after `now - spacingMs`.
   */
  runOnce<T>(
    name: string,
    spacingMs: number,
    now: Date,
    work: () => Promise<T>,
  ): Promise<ClaimedRun<T>>;
}

/** The first key of every job's advisory lock: the jobs' own space among advisory locks. */
export const JOB_LOCK_SPACE = 0x4a55_4a42; // 'JUJB'

/** The second key: a 32-bit hash of the job's name (a collision only makes two jobs take turns). */
export function jobLockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index++) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export function jobRunsFor(db: AppDatabase): JobRuns {
  if (db.dialect !== 'postgres')
    return {
      runOnce: async (_name, _spacingMs, _now, work) => ({ ran: true, result: await work() }),
    };
  return {
    runOnce: (name, spacingMs, now, work) =>
      db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}::int, ${jobLockKey(name)}::int) AS locked
        `.execute(trx);
        if (!rows[0]?.locked) return { ran: false };
        const dueBefore = new Date(now.getTime() - spacingMs).toISOString();
        const claimed = await sql`
          INSERT INTO job_runs (name, started_at) VALUES (${name}, ${now.toISOString()})
          ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at
          WHERE job_runs.started_at <= ${dueBefore}
          RETURNING name
        `.execute(trx);
        if (claimed.rows.length === 0) return { ran: false };
        return { ran: true, result: await work() };
      }),
  };
}
