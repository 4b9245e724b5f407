// What several server processes on one database share besides the data: the rate-limit
// windows (http/rateLimitStore.ts) and when each scheduled job last ran (db/jobRuns.ts).
// Both tables exist on SQLite too, so the schema is the same everywhere, but only
// PostgreSQL uses them: one SQLite process keeps its limits in memory and runs its jobs alone.
//
// On PostgreSQL the windows are an UNLOGGED table: a limited call then writes no WAL and
// waits for no flush, and a crash of the database only empties the counters (every client
// starts a fresh window), which is all a limit needs.
import { sql } from 'kysely';
import { dialectOf, type UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`
      CREATE UNLOGGED TABLE rate_limit_windows (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        ends_at bigint NOT NULL
      )`.execute(db);
  } else {
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .addColumn('ends_at', 'bigint', (col) => col.notNull())
      .execute();
  }
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: UntypedKysely): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropTable('rate_limit_windows').execute();
}
