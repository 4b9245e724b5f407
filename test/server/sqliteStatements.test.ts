// The SQLite adapter keeps prepared statements per SQL text. A cached statement must keep
// answering correctly when the schema changes under it, and the cache must stay bounded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
