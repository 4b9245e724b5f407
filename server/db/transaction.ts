import type { AppDatabase } from './database.ts';
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
  return db.kysely.transaction().execute((kysely) => work({ kysely, dialect: db.dialect }));
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
