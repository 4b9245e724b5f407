// Group commit on SQLite: work submitted together shares one transaction, each piece in its
// own savepoint; a refusal undoes its own piece alone; nothing is answered before the COMMIT
// that makes it durable, and a failed COMMIT fails every piece of its batch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database.ts';
import { inGroupTransaction } from '../../server/db/groupCommit.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import { createSqliteDialect } from '../../server/db/sqlite.ts';

describe('group commit (SQLite)', () => {
  let dir: string;
  let file: string;
  let db: AppDatabase;
  /** A second connection: it sees only what has been committed. */
  let reader: DatabaseSync;

  const committedNames = () =>
    reader
      .prepare('SELECT name FROM items ORDER BY name')
      .all()
      .map((row) => row.name);
  const insert = (trx: AppDatabase, name: string) =>
    sql`INSERT INTO items (name) VALUES (${name})`.execute(trx.kysely);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ju-group-commit-'));
    file = path.join(dir, 'db.sqlite');
    db = {
      kysely: new Kysely<DatabaseSchema>({ dialect: createSqliteDialect(file) }),
      dialect: 'sqlite',
    };
    await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)`.execute(
      db.kysely,
    );
    await sql`CREATE TABLE links (item_id INTEGER NOT NULL REFERENCES items (id))`.execute(
      db.kysely,
    );
    reader = new DatabaseSync(file);
  });
  afterEach(async () => {
    reader.close();
    await db.kysely.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs work submitted together in one transaction, in order, answering after the commit', async () => {
    const seenAtAnswer: Record<string, unknown[]> = {};
    const answered = (name: string) => (value: string) => {
      seenAtAnswer[name] = committedNames();
      return value;
    };
    let uncommittedInsideThird: unknown[] = [];
    let visibleToThird: unknown[] = [];

    const results = await Promise.allSettled([
      inGroupTransaction(db, async (trx) => {
        await insert(trx, 'first');
        return 'first';
      }).then(answered('first')),
      inGroupTransaction(db, async (trx) => {
        await insert(trx, 'refused');
        throw new Error('refused by a rule');
      }),
      inGroupTransaction(db, async (trx) => {
        await insert(trx, 'third');
        const { rows } = await sql<{ name: string }>`SELECT name FROM items ORDER BY name`.execute(
          trx.kysely,
        );
        visibleToThird = rows.map((row) => row.name);
        uncommittedInsideThird = committedNames();
        return 'third';
      }).then(answered('third')),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The third piece saw the first's write, not the refused one's, before any commit.
    expect(visibleToThird).toEqual(['first', 'third']);
    expect(uncommittedInsideThird).toEqual([]);
    // Each answer came after the commit that stored both.
    expect(seenAtAnswer).toEqual({ first: ['first', 'third'], third: ['first', 'third'] });
    expect(committedNames()).toEqual(['first', 'third']);
  });

  it('fails every piece of a batch whose commit fails, and stores none of them', async () => {
    const results = await Promise.allSettled([
      inGroupTransaction(db, (trx) => insert(trx, 'kept only if committed')),
      inGroupTransaction(db, async (trx) => {
        // A deferred foreign-key check passes the statement and fails the COMMIT.
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx.kysely);
        await sql`INSERT INTO links (item_id) VALUES (999)`.execute(trx.kysely);
      }),
    ]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(committedNames()).toEqual([]);
    expect(reader.prepare('SELECT COUNT(*) AS n FROM links').get()).toEqual({ n: 0 });
    // The database is usable again afterwards.
    await inGroupTransaction(db, (trx) => insert(trx, 'after'));
    expect(committedNames()).toEqual(['after']);
  });

  it('joins the caller’s transaction when there is one', async () => {
    await expect(
      db.kysely.transaction().execute(async (kysely) => {
        await inGroupTransaction({ kysely, dialect: 'sqlite' }, (trx) => insert(trx, 'inner'));
        throw new Error('the outer transaction rolls back');
      }),
    ).rejects.toThrow('outer');
    expect(committedNames()).toEqual([]);
  });
});
