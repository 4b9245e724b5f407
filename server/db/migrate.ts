import type { UntypedKysely } from './dialect.ts';
import { Migrator } from 'kysely/migration';
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
