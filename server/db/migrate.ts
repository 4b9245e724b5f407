import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { UntypedKysely } from './dialect.ts';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export async function migrateToLatest(db: UntypedKysely): Promise<string[]> {
  // Features land their migrations independently; one numbered below a migration a database
  // already ran (work merged in another order) must still run rather than stop the server.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Database migration ${failed} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return results
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * The migrations this server has that the database has not run (readiness): one query, so
 * it also tells whether the database answers at all. A database ahead of the server (a
 * newer release ran more) is fine.
 */
export async function missingMigrations(db: UntypedKysely): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/** How many migrations this server expects the database to have run. */
export const EXPECTED_MIGRATIONS = Object.keys(migrations).length;
