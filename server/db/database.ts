// Opens the one database the server uses: SQLite in DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. Same schema, same migrations, same queries.
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import type { SqlDialectName } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';
import { createPostgresDialect, type PoolUse } from './postgres.ts';
import type { DatabaseSchema } from './schema.ts';
import { createSqliteDialect } from './sqlite.ts';

export const SQLITE_FILE_NAME = 'ju-wallet.sqlite';

/** The query layer plus which database it talks to; `kysely` may be a transaction. */
export interface AppDatabase {
  readonly kysely: Kysely<DatabaseSchema>;
  readonly dialect: SqlDialectName;
}

export interface OpenedDatabase extends AppDatabase {
  /** Where the data lives, without credentials, for the start-up log. */
  readonly description: string;
  /** The PostgreSQL connection pool's use now; null on SQLite (one connection). */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl: string | null;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const dialect: SqlDialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const sqliteFile = path.join(options.dataDir, SQLITE_FILE_NAME);
  let poolUse: () => PoolUse | null = () => null;
  const kysely = new Kysely<DatabaseSchema>({
    dialect: options.databaseUrl
      ? createPostgresDialect(options.databaseUrl, (use) => (poolUse = use))
      : createSqliteDialect(sqliteFile),
  });
  try {
    await migrateToLatest(kysely);
    // Fresh statistics: a plan cached while tables were empty can turn foreign-key checks
    // into full scans (see DESIGN.md, measured threefold slower).
    if (dialect === 'postgres') await sql`ANALYZE`.execute(kysely);
  } catch (error) {
    await kysely.destroy();
    throw error;
  }
  return {
    kysely,
    dialect,
    description: options.databaseUrl
      ? `PostgreSQL ${redactUrl(options.databaseUrl)}`
      : `SQLite ${sqliteFile}`,
    poolUse: () => poolUse(),
    close: () => kysely.destroy(),
  };
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
