// The rate-limit windows in PostgreSQL (table rate_limit_windows, migration 0012), shared by
// every server process on the database. All the checks of one call are one statement — one
// round trip — whatever their number: each counted check is an upsert that opens, restarts or
// counts its key's window, each read a select, chained so that after a refused check the
// later ones count nothing:
//
//   WITH s0 AS (INSERT INTO rate_limit_windows AS w (key, hits, ends_at)
//               SELECT $2, 1, $3 WHERE TRUE
//               ON CONFLICT (key) DO UPDATE SET
//                 hits    = CASE WHEN w.ends_at <= $1 THEN 1 ELSE w.hits + 1 END,
//                 ends_at = CASE WHEN w.ends_at <= $1 THEN excluded.ends_at ELSE w.ends_at END
//               RETURNING hits, ends_at, hits > $4 AS refused),
//        s1 AS (… WHERE NOT EXISTS (SELECT 1 FROM s0 WHERE refused) …)
//   SELECT 0 AS i, hits, ends_at FROM s0 UNION ALL SELECT 1, hits, ends_at FROM s1
//
// The upsert takes the row's lock, so concurrent calls on any process count exactly. Time is
// the servers' clock ($1, milliseconds), like every other time the server writes. Ended
// windows are deleted by a background job (rateLimitPruneJob), once across processes.
import { CompiledQuery } from 'kysely';
import type { BackgroundJob } from '../backgroundJob.ts';
import type { AppDatabase } from '../db/database.ts';
import {
  isRefused,
  type RateLimitStore,
  type WindowRequest,
  type WindowState,
} from './rateLimitStore.ts';

interface WindowRow {
  i: number;
  hits: number;
  ends_at: bigint | string | number;
}

export function createPostgresRateLimitStore(db: AppDatabase): RateLimitStore {
  // One text per shape of check list (which are counted, which read): a handful in all, each
  // a named prepared statement on every connection (db/namedStatements.ts).
  const texts = new Map<string, string>();
  return {
    async apply(requests, now) {
      if (requests.length === 0) return [];
      const shape = requests.map((request) => (request.count ? 'c' : 'r')).join('');
      let text = texts.get(shape);
      if (text === undefined) {
        text = statementText(requests);
        texts.set(shape, text);
      }
      const values: unknown[] = [now];
      for (const request of requests) {
        values.push(request.key);
        if (request.count) values.push(now + request.windowMs);
        values.push(request.max);
      }
      const { rows } = await db.kysely.executeQuery<WindowRow>(CompiledQuery.raw(text, values));
      const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
      const states: (WindowState | null)[] = [];
      let refused = false;
      requests.forEach((request, index) => {
        if (refused) {
          states.push(null);
          return;
        }
        const row = byIndex.get(index);
        // No row: a read of a key with no current window.
        const state = row
          ? { hits: Number(row.hits), endsAt: Number(row.ends_at) }
          : { hits: 0, endsAt: now };
        states.push(state);
        refused = isRefused(request, state);
      });
      return states;
    },
  };
}

function statementText(requests: readonly WindowRequest[]): string {
  let last = 1; // $1 is the time
  const next = () => `$${++last}`;
  const parts: string[] = [];
  const selects: string[] = [];
  requests.forEach((request, index) => {
    const earlier = Array.from(
      { length: index },
      (_, before) => `NOT EXISTS (SELECT 1 FROM s${before} WHERE refused)`,
    );
    const open = earlier.length > 0 ? earlier.join(' AND ') : 'TRUE';
    const key = next();
    if (request.count) {
      const endsAt = next();
      const max = next();
      parts.push(
        `s${index} AS (INSERT INTO rate_limit_windows AS w (key, hits, ends_at) ` +
          `SELECT ${key}::text, 1, ${endsAt}::bigint WHERE ${open} ` +
          `ON CONFLICT (key) DO UPDATE SET ` +
          `hits = CASE WHEN w.ends_at <= $1::bigint THEN 1 ELSE w.hits + 1 END, ` +
          `ends_at = CASE WHEN w.ends_at <= $1::bigint THEN excluded.ends_at ELSE w.ends_at END ` +
          `RETURNING hits, ends_at, hits > ${max}::int AS refused)`,
      );
    } else {
      const max = next();
      parts.push(
        `s${index} AS (SELECT hits, ends_at, hits >= ${max}::int AS refused ` +
          `FROM rate_limit_windows WHERE key = ${key}::text AND ends_at > $1::bigint AND ${open})`,
      );
    }
    selects.push(`SELECT ${index} AS i, hits, ends_at FROM s${index}`);
  });
  return `WITH ${parts.join(', ')} ${selects.join(' UNION ALL ')}`;
}

/** Deletes the windows that have ended; how many. */
export async function pruneRateLimitWindows(db: AppDatabase, now: Date): Promise<number> {
  const result = await db.kysely
    .deleteFrom('rate_limit_windows')
    .where('ends_at', '<=', BigInt(now.getTime()))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ended windows go every ten minutes; on SQLite the windows are in memory and no job runs. */
export const rateLimitPruneJob: BackgroundJob = {
  name: 'rate_limit_prune',
  logAs: 'rate limit window prune',
  intervalMs: (settings) => (settings.databaseUrl ? 10 * 60_000 : null),
  run: (context) => pruneRateLimitWindows(context.db, context.now()),
};
