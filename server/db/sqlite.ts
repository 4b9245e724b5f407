// Kysely's SqliteDialect drives better-sqlite3; this adapter lets it drive Node's built-in
// node:sqlite instead (no native build). It also sets the durability pragmas the design asks
// for: WAL with synchronous=FULL, so an acknowledged commit survives a crash or power loss.
// Temporary files live in memory: every savepoint (one per grouped money operation) and
// every statement that may undo itself keeps the pages it changes in a sub-journal, by
// default a temporary file, which cost a write system call per page (a fifth of the CPU of
// a ticket transfer's statements, measured with perf). The sub-journal is never needed after
// a crash: the WAL alone holds what was committed.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteAdapter, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { countQuery } from './queryStats.ts';

const BUSY_TIMEOUT_MS = 5_000;

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #isCommit: boolean;

  constructor(statement: StatementSync) {
    // Money columns are 64-bit: read every integer as a bigint so none loses precision.
    statement.setReadBigInts(true);
    this.#statement = statement;
    // A statement returns rows exactly when it has result columns (SELECT, … RETURNING).
    this.reader = statement.columns().length > 0;
    this.#isCommit = /^\s*commit\b/i.test(statement.sourceSQL);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const start = performance.now();
    const rows = this.#statement.all(...bindable(parameters));
    countQuery((performance.now() - start) * 1000, this.#isCommit);
    return rows.map((row) => ({ ...row }));
  }

  run(parameters: ReadonlyArray<unknown>) {
    const start = performance.now();
    const result = this.#statement.run(...bindable(parameters));
    countQuery((performance.now() - start) * 1000, this.#isCommit);
    return result;
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    countQuery();
    for (const row of this.#statement.iterate(...bindable(parameters))) yield { ...row };
  }
}

type SqliteValue = null | number | bigint | string | NodeJS.ArrayBufferView;

function bindable(parameters: ReadonlyArray<unknown>): SqliteValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SqliteValue;
  });
}

// Kysely asks for a statement per query; preparing one costs more than running a small
// query, so prepared statements are kept per SQL text. Queries are built from a fixed set of
// shapes (values are bound, never inlined), so the set stays small; the bound is a guard.
const STATEMENT_CACHE_SIZE = 500;

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, NodeSqliteStatement>();

  constructor(file: string) {
    this.#database = new DatabaseSync(file);
    this.#database.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = FULL;
      PRAGMA foreign_keys = ON;
      PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};
      PRAGMA temp_store = MEMORY;
    `);
  }

  prepare(sql: string): SqliteStatement {
    // Kysely opens transactions with a plain BEGIN, which takes the write lock only at the
    // first write; a second process could then fail with SQLITE_BUSY mid-transaction.
    // BEGIN IMMEDIATE takes it up front, so busy_timeout can simply wait.
    const text = sql.trim().toLowerCase() === 'begin' ? 'BEGIN IMMEDIATE' : sql;
    const cached = this.#statements.get(text);
    if (cached) {
      // Re-inserting keeps the map in least-recently-used order for eviction.
      this.#statements.delete(text);
      this.#statements.set(text, cached);
      return cached;
    }
    const statement = new NodeSqliteStatement(this.#database.prepare(text));
    // DDL changes the schema statements were compiled against; keep only plain queries.
    if (
      /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release)\b/i.test(text)
    ) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        this.#statements.delete(this.#statements.keys().next().value!);
      }
      this.#statements.set(text, statement);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}

/** SQLite runs DDL inside transactions; saying so makes each migration all-or-nothing. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class NodeSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }
}

export function createSqliteDialect(file: string): SqliteDialect {
  return new NodeSqliteDialect({ database: async () => new NodeSqliteDatabase(file) });
}
