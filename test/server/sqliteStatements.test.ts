// The SQLite adapter keeps prepared statements per SQL text. A cached statement must keep
// answering correctly when the schema changes under it, and the cache must stay bounded.
// It also sets the durability pragmas and counts statements for the benchmark.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readQueryStats } from '../../server/db/queryStats.ts';
import { createSqliteDialect } from '../../server/db/sqlite.ts';

describe('SQLite statement cache', () => {
  let dir: string;
  let db: Kysely<Record<string, Record<string, unknown>>>;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ju-sqlite-cache-'));
    db = new Kysely({ dialect: createSqliteDialect(path.join(dir, 'db.sqlite')) });
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens the database durable (WAL, synchronous=FULL) with temporary files in memory', async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2n); // FULL
    expect(await pragma('temp_store')).toBe(2n); // MEMORY
    expect(await pragma('foreign_keys')).toBe(1n);
  });

  it('counts each statement and the time inside it, COMMIT apart', async () => {
    await sql`CREATE TABLE t (a INTEGER)`.execute(db);
    const before = readQueryStats();
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO t (a) VALUES (1)`.execute(trx);
      await sql`SELECT * FROM t`.execute(trx);
    });
    const after = readQueryStats();
    expect(after.queries - before.queries).toBe(4); // BEGIN, INSERT, SELECT, COMMIT
    const commitMicros = after.sqliteCommitMicros - before.sqliteCommitMicros;
    expect(commitMicros).toBeGreaterThan(0);
    expect(after.sqliteMicros - before.sqliteMicros).toBeGreaterThan(commitMicros);
  });

  it('answers a repeated query with its own bound values each time', async () => {
    const query = (value: bigint) => sql<{ v: bigint }>`SELECT ${value} + 1 AS v`.execute(db);
    expect((await query(1n)).rows).toEqual([{ v: 2n }]);
    expect((await query(41n)).rows).toEqual([{ v: 42n }]);
  });

  it('sees a column added after the statement was cached', async () => {
    await sql`CREATE TABLE t (a INTEGER)`.execute(db);
    await sql`INSERT INTO t (a) VALUES (1)`.execute(db);
    const select = () => sql`SELECT * FROM t`.execute(db);
    expect((await select()).rows).toEqual([{ a: 1n }]);
    await sql`ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'`.execute(db);
    expect((await select()).rows).toEqual([{ a: 1n, b: 'x' }]);
  });

  it('keeps working past the cache bound', async () => {
    for (let index = 0; index < 700; index++) {
      const { rows } = await sql<{ v: bigint }>`SELECT ${sql.lit(index)} AS v`.execute(db);
      expect(rows[0]!.v).toBe(BigInt(index));
    }
    const { rows } = await sql<{ v: bigint }>`SELECT ${sql.lit(0)} AS v`.execute(db);
    expect(rows[0]!.v).toBe(0n);
  });
});
