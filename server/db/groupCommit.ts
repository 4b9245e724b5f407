// Group commit for the embedded SQLite database.
//
// SQLite has one writer, and with synchronous=FULL every COMMIT waits for the disk (an fsync:
// about 0.3 ms on the reference machine, a third of a ticket transfer's whole cost). Work
// that arrives in the same turn of the event loop therefore shares one transaction:
//   - each piece runs in its own SAVEPOINT, one after another, so each sees the ones before
//     it exactly as it would after their commits, and rules (balances, idempotency keys)
//     are checked in order;
//   - a piece that throws rolls back to its savepoint alone and is refused at once: it
//     changed nothing, so there is nothing to wait for;
//   - a piece that succeeds is answered only after the one COMMIT returns, so nothing is
//     acknowledged before it is durable. If the COMMIT fails, every piece of the batch fails
//     with it and none of them changed anything.
// PostgreSQL needs none of this: it commits concurrent transactions together by itself.
import { sql, type Kysely } from 'kysely';
import type { AppDatabase } from './database.ts';
import type { DatabaseSchema } from './schema.ts';
import {
  claimFirstStatement,
  inTransaction,
  runAfterCommit,
  withCommitHooks,
  type FirstStatement,
} from './transaction.ts';

/** A bound on one batch, so a steady stream of work still commits regularly. */
const MAX_BATCH = 64;
const SAVEPOINT = 'grouped_work';

interface Job {
  work: (trx: AppDatabase) => Promise<unknown>;
  /** The submitting call's first statement (transaction.ts), written first in its savepoint. */
  first: FirstStatement | null;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

class GroupCommitter {
  readonly #db: AppDatabase;
  readonly #queue: Job[] = [];
  #scheduled = false;

  constructor(db: AppDatabase) {
    this.#db = db;
  }

  submit<T>(work: (trx: AppDatabase) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Claimed here, in the submitter's async context: the batch runs in another's.
      const first = claimFirstStatement();
      this.#queue.push({ work, first, resolve: resolve as (value: unknown) => void, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      // setImmediate runs after the event loop has read every request that is ready, so
      // they all join this batch; a microtask would start it after the first.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      // Jobs of this batch not yet refused: answered after the COMMIT, or failed with it.
      const unsettled = new Map<Job, unknown>(batch.map((job) => [job, undefined]));
      // What the pieces that stayed ask to be told once the COMMIT is done (transaction.ts).
      const committed: (() => void)[] = [];
      try {
        await this.#db.kysely.transaction().execute(async (kysely) => {
          for (const job of batch) {
            const outcome = await runInSavepoint(kysely, this.#db, job);
            if (outcome.refused) unsettled.delete(job);
            else {
              unsettled.set(job, outcome.value);
              committed.push(...outcome.afterCommit);
            }
          }
        });
      } catch (error) {
        // The COMMIT, or the transaction itself, failed: nothing of this batch is stored.
        for (const job of unsettled.keys()) {
          if (job.first) job.first.pending = true;
          job.reject(error);
        }
        continue;
      }
      runAfterCommit(committed);
      for (const [job, value] of unsettled) job.resolve(value);
    }
    this.#scheduled = false;
  }
}

type Outcome = { refused: true } | { refused: false; value: unknown; afterCommit: (() => void)[] };

async function runInSavepoint(
  kysely: Kysely<DatabaseSchema>,
  db: AppDatabase,
  job: Job,
): Promise<Outcome> {
  await sql.raw(`SAVEPOINT ${SAVEPOINT}`).execute(kysely);
  let outcome: Awaited<ReturnType<typeof withCommitHooks>>;
  const trx = { kysely, dialect: db.dialect };
  try {
    if (job.first) await job.first.write(trx);
    // Hooks of its own, so a piece rolled back takes its commit hooks with it.
    outcome = await withCommitHooks(trx, db.kysely, job.work);
  } catch (error) {
    // If the rollback fails too, the transaction itself is gone: #drain fails the batch.
    await sql.raw(`ROLLBACK TO ${SAVEPOINT}`).execute(kysely);
    await sql.raw(`RELEASE ${SAVEPOINT}`).execute(kysely);
    if (job.first) job.first.pending = true;
    job.reject(error);
    return { refused: true };
  }
  await sql.raw(`RELEASE ${SAVEPOINT}`).execute(kysely);
  return { refused: false, value: outcome.value, afterCommit: outcome.afterCommit };
}

const committers = new WeakMap<Kysely<DatabaseSchema>, GroupCommitter>();

/**
 * Runs `work` in a transaction that it may share with other work submitted at the same
 * moment (SQLite), answering only once that transaction has committed. Like inTransaction,
 * it runs inside the caller's transaction when there is one. `work` must do nothing
 * outside the database: its writes may share a transaction with others'.
 */
export function inGroupTransaction<T>(
  db: AppDatabase,
  work: (trx: AppDatabase) => Promise<T>,
): Promise<T> {
  if (db.dialect !== 'sqlite' || db.kysely.isTransaction) return inTransaction(db, work);
  let committer = committers.get(db.kysely);
  if (!committer) {
    committer = new GroupCommitter(db);
    committers.set(db.kysely, committer);
  }
  return committer.submit(work);
}
