import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { AppDatabase } from './database.ts';
import type { DatabaseSchema } from './schema.ts';
import { isRetryableConflict } from './sqlErrors.ts';

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one, so
 * operations compose: a later feature can post a ledger transfer and change its own rows
 * atomically.
 */
export async function inTransaction<T>(
  db: AppDatabase,
  work: (trx: AppDatabase) => Promise<T>,
): Promise<T> {
  if (db.kysely.isTransaction) return work(db);
  let committed: CommitCallbacks = [];
  const first = claimFirstStatement();
  let value: T;
  try {
    value = await db.kysely.transaction().execute(async (kysely) => {
      const trx = { kysely, dialect: db.dialect };
      if (first) await first.write(trx);
      const outcome = await withCommitHooks(trx, db.kysely, work);
      committed = outcome.afterCommit;
      return outcome.value;
    });
  } catch (error) {
    // Rolled back with the transaction: the call's next transaction (a retry) writes it.
    if (first) first.pending = true;
    throw error;
  }
  runAfterCommit(committed);
  return value;
}

// ---- The call's first statement ------------------------------------------------------
//
// A request may ask for one statement to run first in the first transaction it opens: the
// request envelope stores an enveloped write's nonce this way (server/envelope/nonces.ts),
// inside the write's own transaction, so it commits, or rolls back, with the write and needs
// no commit of its own. The request is known by AsyncLocalStorage, read where inTransaction
// is called (the caller's own async context). SQLite's group commit (groupCommit.ts) claims
// it as the piece is submitted, in the submitter's context, and writes it first in the
// piece's own savepoint: it commits with the piece, or rolls back with it alone.

export interface FirstStatement {
  /** True until a transaction of the call has written it (again after a rollback). */
  pending: boolean;
  /** The statement; it may throw to refuse the transaction, which then rolls back. */
  write(trx: AppDatabase): Promise<void>;
}

const callFirstStatement = new AsyncLocalStorage<FirstStatement>();

/** Runs `call` with `first` to be written by the first transaction it opens. */
export function withFirstStatement<T>(first: FirstStatement, call: () => T): T {
  return callFirstStatement.run(first, call);
}

/** The call's first statement, if no transaction of the call has written it yet. */
export function claimFirstStatement(): FirstStatement | null {
  const first = callFirstStatement.getStore();
  if (!first?.pending) return null;
  // Claimed at once, so a second transaction opened alongside does not write it too.
  first.pending = false;
  return first;
}

/** Attempts of a whole transaction that PostgreSQL aborted as a serialisation failure. */
const MAX_ATTEMPTS = 5;

/**
 * Like inTransaction, but when PostgreSQL aborts the transaction to keep it consistent
 * (serialisation failure 40001, deadlock 40P01) it runs the whole of it again, a bounded
 * number of times. `work` must therefore do nothing outside the database.
 */
export async function inRetryingTransaction<T>(
  db: AppDatabase,
  work: (trx: AppDatabase) => Promise<T>,
): Promise<T> {
  if (db.kysely.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
    }
  }
}

// ---- Commit hooks ---------------------------------------------------------------------
//
// Work inside a transaction can ask for two things around its COMMIT:
//   - a batch: values gathered while the work runs and written by one last step in the same
//     transaction, after the work itself (the realtime outbox writes all of a transaction's
//     events there, in one statement, so it locks each user's event counter once, in one
//     order, for the shortest time);
//   - afterCommit: a callback once the transaction has committed, never if it rolls back
//     (on SQLite, the realtime hub hears of new events this way: PostgreSQL has NOTIFY).
// A transaction is known by its Kysely instance. On SQLite several operations share one
// transaction (groupCommit.ts), each in a savepoint: each gets hooks of its own, so a piece
// rolled back to its savepoint loses its batches and callbacks with its writes.

type CommitCallbacks = (() => void)[];

interface Batch {
  readonly values: unknown[];
  write(values: unknown[]): Promise<void>;
}

interface CommitHooks {
  /** The database the transaction was opened on (one per server). */
  readonly root: Kysely<DatabaseSchema>;
  readonly batches: Map<unknown, Batch>;
  readonly afterCommit: CommitCallbacks;
}

const hooksOf = new WeakMap<Kysely<DatabaseSchema>, CommitHooks>();

/**
 * Runs `work` on `trx` (a transaction of `root`) with commit hooks, then writes its batches;
 * answers its value and the callbacks to run once the transaction commits. For the
 * transaction helpers only (here and groupCommit.ts).
 */
export async function withCommitHooks<T>(
  trx: AppDatabase,
  root: Kysely<DatabaseSchema>,
  work: (trx: AppDatabase) => Promise<T>,
): Promise<{ value: T; afterCommit: CommitCallbacks }> {
  const hooks: CommitHooks = { root, batches: new Map(), afterCommit: [] };
  hooksOf.set(trx.kysely, hooks);
  try {
    const value = await work(trx);
    // Writing a batch may start another (or refill this one): write until none is left.
    while (hooks.batches.size > 0) {
      const [key, batch] = hooks.batches.entries().next().value!;
      hooks.batches.delete(key);
      if (batch.values.length > 0) await batch.write(batch.values);
    }
    return { value, afterCommit: hooks.afterCommit };
  } finally {
    hooksOf.delete(trx.kysely);
  }
}

/** Runs the callbacks of a committed transaction; one that throws does not stop the others. */
export function runAfterCommit(callbacks: CommitCallbacks): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      // The transaction is committed and its caller answered: a failing listener must not
      // turn that into a failure. It is a programming error, so it is shown.
      process.emitWarning(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

function hooksFor(db: AppDatabase, what: string): CommitHooks | null {
  if (!db.kysely.isTransaction) return null;
  const hooks = hooksOf.get(db.kysely);
  if (!hooks) throw new Error(`${what} needs a transaction opened by inTransaction`);
  return hooks;
}

/**
 * Adds `values` to `db`'s transaction's batch under `key`; `write` stores the whole batch at
 * the end of the transaction, still inside it (the first `write` given for a key is the one
 * used). Outside a transaction there is nothing to gather: `values` are written at once.
 */
export async function addToBatch<T>(
  db: AppDatabase,
  key: unknown,
  values: readonly T[],
  write: (values: T[]) => Promise<void>,
): Promise<void> {
  const hooks = hooksFor(db, 'addToBatch');
  if (!hooks) return write([...values]);
  let batch = hooks.batches.get(key);
  if (!batch) {
    batch = { values: [], write: write as Batch['write'] };
    hooks.batches.set(key, batch);
  }
  batch.values.push(...values);
}

/**
 * Calls `callback` once `db`'s transaction has committed, never if it rolls back. Outside a
 * transaction the statements before this call have committed already: it is called at once.
 */
export function afterCommit(db: AppDatabase, callback: () => void): void {
  const hooks = hooksFor(db, 'afterCommit');
  if (hooks) hooks.afterCommit.push(callback);
  else runAfterCommit([callback]);
}

/** The database `db`'s transaction was opened on, or `db` itself outside one. */
export function rootOf(db: AppDatabase): Kysely<DatabaseSchema> {
  return (db.kysely.isTransaction && hooksOf.get(db.kysely)?.root) || db.kysely;
}
