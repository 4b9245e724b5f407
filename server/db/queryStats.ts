// How many queries this process has run, and how long it spent inside SQLite running them.
// `npm run bench` reads these from its server process to say where a request's time goes:
// on SQLite (node:sqlite is synchronous) the time is event-loop CPU, the floor under a
// request however lean the code around it; on PostgreSQL every query is a network round
// trip, so the count is what matters. Counting costs two clock reads per SQLite statement
// and an increment per PostgreSQL query.

export interface QueryStats {
  queries: number;
  /** Microseconds inside SQLite statements (0 on PostgreSQL), COMMITs included. */
  sqliteMicros: number;
  /** Of those, microseconds inside COMMIT: mostly waiting for the disk (an fsync). */
  sqliteCommitMicros: number;
}

const totals: QueryStats = { queries: 0, sqliteMicros: 0, sqliteCommitMicros: 0 };

export function countQuery(sqliteMicros = 0, isCommit = false): void {
  totals.queries += 1;
  totals.sqliteMicros += sqliteMicros;
  if (isCommit) totals.sqliteCommitMicros += sqliteMicros;
}

export function readQueryStats(): QueryStats {
  return { ...totals };
}
