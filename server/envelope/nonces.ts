// Replay protection of the request envelope (docs/protocol.md "Request envelope" §5 step 8). The timestamp
// window (±60 s) is checked by openRequest; within it, each nonce is accepted once:
//
// - every enveloped call's nonce goes through this process's NonceCache, which refuses a
//   nonce it has seen while that nonce's timestamp can still pass the window. A replayed
//   read reveals nothing (its answer is sealed to the original sender), so that is enough
//   for reads;
// - a write's (an inner POST's) nonce is also stored in the table envelope_nonces, by the
//   first transaction the call opens, as its first statement (db/transaction.ts,
//   withFirstStatement): it commits or rolls back with the write, and a replay sent to any
//   other process sharing the database meets the primary key and is refused, its own
//   transaction rolled back, so it changes nothing (on SQLite, a group commit writes it first
//   in the call's own savepoint). A write that opens no transaction of its own has its nonce
//   stored in a statement of its own, before it runs (runWrite does all this).
//
// Stored nonces are pruned by a background job once no timestamp they came with can pass
// the window any more.
import type { BackgroundJob } from '../backgroundJob.ts';
import type { AppDatabase } from '../db/database.ts';
import { inGroupTransaction } from '../db/groupCommit.ts';
import { prepared } from '../db/prepared.ts';
import { isUniqueViolation } from '../db/sqlErrors.ts';
import { withFirstStatement, type FirstStatement } from '../db/transaction.ts';
import { TIMESTAMP_WINDOW_MS } from '../../contract/api/envelope/envelopeMessage.ts';
import { EnvelopeRefusal } from '../../contract/api/envelope/refusals.ts';

/** How long a stored nonce is kept: a timestamp accepted at `seen_at` passes for 2 windows. */
export const NONCE_RETENTION_MS = 2 * TIMESTAMP_WINDOW_MS;
/** The per-process cache's bound: ~100 bytes an entry, 2 minutes of 2 000 calls a second. */
export const NONCE_CACHE_ENTRIES = 250_000;

/**
 * The nonces this process has accepted, each kept until its timestamp leaves the window
 * (after that openRequest refuses the nonce's request as stale before asking here). Entries
 * are dropped oldest first: at the bound, the oldest goes early (on PostgreSQL a write's
 * nonce is still refused by the database).
 */
export class NonceCache {
  readonly #expiries = new Map<string, number>();
  readonly #windowMs: number;
  readonly #maxEntries: number;

  constructor(windowMs = TIMESTAMP_WINDOW_MS, maxEntries = NONCE_CACHE_ENTRIES) {
    this.#windowMs = windowMs;
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#expiries.size;
  }

  /** True the first time; false for a nonce this process accepted and still remembers. */
  accept(nonce: string, timestampMs: number, nowMs: number): boolean {
    this.#forgetExpired(nowMs);
    const expiry = this.#expiries.get(nonce);
    if (expiry !== undefined && expiry >= nowMs) return false;
    if (this.#expiries.size >= this.#maxEntries) this.#forgetOldest();
    this.#expiries.set(nonce, timestampMs + this.#windowMs);
    return true;
  }

  /** Map order is arrival order: the oldest arrivals are looked at first, a few per call. */
  #forgetExpired(nowMs: number): void {
    let looked = 0;
    for (const [nonce, expiry] of this.#expiries) {
      if (expiry >= nowMs || looked++ >= 64) return;
      this.#expiries.delete(nonce);
    }
  }

  #forgetOldest(): void {
    const oldest = this.#expiries.keys().next();
    if (!oldest.done) this.#expiries.delete(oldest.value);
  }
}

const insertNonce = prepared((db, row: { nonce: string; seen_at: string }) =>
  db.insertInto('envelope_nonces').values({ nonce: row.nonce, seen_at: row.seen_at }),
);

/** A write's nonce, to be stored by the call's first transaction (db/transaction.ts). */
interface PendingNonce extends FirstStatement {
  /** Set when the database already held it: the call is a replay, its transaction refused. */
  replayed: boolean;
}

function pendingNonce(nonce: string, seenAt: Date): PendingNonce {
  const row = { nonce, seen_at: seenAt.toISOString() };
  const pending: PendingNonce = {
    pending: true,
    replayed: false,
    async write(trx) {
      if (pending.replayed) throw new EnvelopeRefusal('replayed');
      try {
        await insertNonce(trx, row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        pending.replayed = true;
        throw new EnvelopeRefusal('replayed', undefined);
      }
    },
  };
  return pending;
}

/**
 * Stores the nonce in a statement of its own (on SQLite within a group commit, shared with
 * whatever commits at the same moment). Answers false when it was there already.
 */
async function storeNow(db: AppDatabase, pending: PendingNonce): Promise<boolean> {
  pending.pending = false;
  try {
    if (db.dialect === 'sqlite') await inGroupTransaction(db, (trx) => pending.write(trx));
    else await pending.write(db);
    return true;
  } catch (error) {
    if (pending.replayed) return false;
    throw error;
  }
}

/**
 * What this process knows of each write route: whether its calls open a transaction of their
 * own (their nonce is then stored by it) or not (stored before they run, in a statement of
 * its own). Learnt from each route's first call, which stores its nonce before it runs.
 */
export class WritesOutsideTransactions {
  readonly #outside = new Set<string>();
  readonly #inside = new Set<string>();
  /** True, false, or undefined while this process has not run the route yet. */
  opensNoTransaction(route: string): boolean | undefined {
    if (this.#outside.has(route)) return true;
    return this.#inside.has(route) ? false : undefined;
  }
  learn(route: string, opensNoTransaction: boolean): void {
    (opensNoTransaction ? this.#outside : this.#inside).add(route);
  }
}

/**
 * Runs an enveloped write (`call`, the inner call of route `route`) with its nonce stored in
 * the database, and throws EnvelopeRefusal('replayed') when the database already held it:
 * - for a route whose calls open a transaction, by the first one the call opens, as its
 *   first statement: a replay that reaches another process meets the primary key there and
 *   its transaction rolls back, so it changes nothing;
 * - for a route whose calls open none, and for a route's first call on this process (which
 *   of the two it is, is not known yet), before the call runs, in a statement of its own, so
 *   a replay is refused before it does anything. That first call carries a probe instead of
 *   the nonce to its first transaction: whether one took it tells which kind the route is.
 * A call that fails stores nothing more.
 */
export async function runWrite<T>(
  db: AppDatabase,
  nonce: string,
  now: Date,
  call: () => Promise<T>,
  route: { key: string; outside: WritesOutsideTransactions },
): Promise<T> {
  const write = pendingNonce(nonce, now);
  const opensNoTransaction = route.outside.opensNoTransaction(route.key);
  if (opensNoTransaction !== false) {
    if (!(await storeNow(db, write))) throw new EnvelopeRefusal('replayed');
    if (opensNoTransaction) return call();
    const probe: FirstStatement = { pending: true, write: async () => undefined };
    const value = await withFirstStatement(probe, call);
    route.outside.learn(route.key, probe.pending);
    probe.pending = false;
    return value;
  }
  try {
    const value = await withFirstStatement(write, call);
    if (write.replayed) throw new EnvelopeRefusal('replayed');
    // It opened none this time (an earlier answer given again, with no transaction): stored
    // now, so the nonce is on record all the same.
    if (write.pending) {
      if (!(await storeNow(db, write)))
        throw new EnvelopeRefusal('replayed', 'stored by another process during the call');
    }
    return value;
  } catch (error) {
    // However the call passed the refusal on (a handler may wrap errors), it is a replay.
    if (write.replayed && !(error instanceof EnvelopeRefusal))
      throw new EnvelopeRefusal('replayed');
    throw error;
  } finally {
    // No later transaction (work the call left running) writes it.
    write.pending = false;
  }
}

/** Deletes the stored nonces no request can bring back; how many. */
export async function pruneNonces(db: AppDatabase, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NONCE_RETENTION_MS).toISOString();
  const result = await db.kysely
    .deleteFrom('envelope_nonces')
    .where('seen_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every minute, once across the processes sharing the database; only with the envelope on. */
export const noncePruneJob: BackgroundJob = {
  name: 'envelope_nonce_prune',
  logAs: 'envelope nonce prune',
  intervalMs: (settings) => (settings.envelope ? 60_000 : null),
  run: (context) => pruneNonces(context.db, context.now()),
};
