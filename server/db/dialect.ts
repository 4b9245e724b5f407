// The two databases behind the one query layer, and the few places they differ.
import { PostgresAdapter, type Kysely } from 'kysely';

export type SqlDialectName = 'sqlite' | 'postgres';

/**
 * Kysely without table types, for migrations: each describes the schema as it was at its
 * own point in history, which the current schema.ts types do not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UntypedKysely = Kysely<any>;

// Migrations receive a plain Kysely instance; the adapter tells which database it drives.
export function dialectOf(db: UntypedKysely): SqlDialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
