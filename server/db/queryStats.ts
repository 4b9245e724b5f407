// How many queries this process has run, and how long they took. `npm run bench` reads the
// totals from its server process to say where a request's time goes: on SQLite (node:sqlite
// is synchronous) the time is event-loop CPU, the floor under a request however lean the
// code around it; on PostgreSQL every query is a network round trip, so the count is what
// matters — and the round trips, fewer than the queries when statements are sent together
// (db/pipeline.ts). The same timings feed the query-time histogram of GET /metrics. Counting
// costs two clock reads and a histogram bucket per statement (per PostgreSQL query, a
// callback on its promise as well).
import { Histogram } from 'prom-client';

export interface QueryStats {
  queries: number;
  /** Waits for PostgreSQL's answer: a statement sent alone, or several sent together. 0 on
   * SQLite, which runs in the process. */
  roundTrips: number;
  /** Microseconds inside SQLite statements (0 on PostgreSQL), COMMITs included. */
  sqliteMicros: number;
  /** Of those, microseconds inside COMMIT: mostly waiting for the disk (an fsync). */
  sqliteCommitMicros: number;
}

const totals: QueryStats = { queries: 0, roundTrips: 0, sqliteMicros: 0, sqliteCommitMicros: 0 };

/** Per process: every database of the process feeds it (a server has one). */
export const queryDuration = new Histogram({
  name: 'ju_db_query_duration_seconds',
  help: 'Time of each database query: inside SQLite, or the round trip to PostgreSQL',
  buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
  registers: [],
});

/** Counts one SQLite statement, timed unless `sqliteMicros` is left out (a streamed read). */
export function countQuery(sqliteMicros?: number, isCommit = false): void {
  totals.queries += 1;
  if (sqliteMicros === undefined) return;
  totals.sqliteMicros += sqliteMicros;
  if (isCommit) totals.sqliteCommitMicros += sqliteMicros;
  queryDuration.observe(sqliteMicros / 1e6);
}

/** Counts one PostgreSQL query and times it until it is answered (or fails). */
export function countTimedQuery<T>(query: Promise<T>): Promise<T> {
  totals.queries += 1;
  const start = performance.now();
  const done = () => queryDuration.observe((performance.now() - start) / 1000);
  void query.then(done, done);
  return query;
}

/** Counts one wait for PostgreSQL's answer, however many statements it answers. */
export function countRoundTrip(): void {
  totals.roundTrips += 1;
}

export function readQueryStats(): QueryStats {
  return { ...totals };
}
