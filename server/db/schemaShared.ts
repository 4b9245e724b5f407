// Table types of what several server processes share besides the data (migration 0012):
// used on PostgreSQL only, present on both databases.

/** One fixed rate-limit window per key (`<limit>:<ip|user>:<who>`), see http/rateLimitStore.ts. */
export interface RateLimitWindowsTable {
  key: string;
  /** Calls counted in the window (failed authentications, for `authFailures`). */
  hits: number;
  /** When the window ends, in milliseconds since 1970 on the servers' clock. */
  ends_at: bigint;
}

/** When each scheduled job last started a run that completed (db/jobRuns.ts). */
export interface JobRunsTable {
  name: string;
  started_at: string;
}

export interface SharedTables {
  rate_limit_windows: RateLimitWindowsTable;
  job_runs: JobRunsTable;
}
