import type { AppDatabase } from './database.ts';

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
