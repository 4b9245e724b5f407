// Prepared queries: compiled once, then only bound. Each call must bind its own values, keep
// constants, and a parameter that would not be bound must be refused, not sent as a marker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database.ts';
import { prepared } from '../../server/db/prepared.ts';
import type { DatabaseSchema } from '../../server/db/schema.ts';
import { createSqliteDialect } from '../../server/db/sqlite.ts';

describe('prepared queries', () => {
  let dir: string;
  let db: AppDatabase;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ju-prepared-'));
    db = {
      kysely: new Kysely<DatabaseSchema>({
        dialect: createSqliteDialect(path.join(dir, 'db.sqlite')),
      }),
      dialect: 'sqlite',
    };
    await sql`CREATE TABLE users (id INTEGER PRIMARY KEY, address TEXT, invite_code TEXT, created_at TEXT)`.execute(
      db.kysely,
    );
    await sql`INSERT INTO users (id, address, invite_code) VALUES (1, 'a', 'X'), (2, 'b', 'X'), (3, 'b', 'Y')`.execute(
      db.kysely,
    );
  });
  afterEach(async () => {
    await db.kysely.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('binds each call’s own values, the same name wherever it appears, and keeps constants', async () => {
    const byAddress = prepared((kysely, p: { address: string }) =>
      kysely
        .selectFrom('users')
        .select('id')
        .where('invite_code', '=', 'X')
        .where((eb) => eb.or([eb('address', '=', p.address), eb('invite_code', '=', p.address)]))
        .orderBy('id'),
    );
    expect(await byAddress(db, { address: 'a' })).toEqual([{ id: 1n }]);
    expect(await byAddress(db, { address: 'b' })).toEqual([{ id: 2n }]);
    expect(await byAddress(db, { address: 'X' })).toEqual([{ id: 1n }, { id: 2n }]);
  });

  it('works inside a transaction, on its connection', async () => {
    const addresses = prepared((kysely, p: { id: bigint }) =>
      kysely.selectFrom('users').select('address').where('id', '=', p.id),
    );
    await db.kysely.transaction().execute(async (trx) => {
      await sql`UPDATE users SET address = 'changed' WHERE id = 1`.execute(trx);
      expect(await addresses({ kysely: trx, dialect: 'sqlite' }, { id: 1n })).toEqual([
        { address: 'changed' },
      ]);
    });
  });

  it('binds list parameters item by item, compiling once per list length', async () => {
    const byIds = prepared((kysely, p: { ids: bigint[]; code: string }) =>
      kysely
        .selectFrom('users')
        .select('id')
        .where('id', 'in', p.ids)
        .where('invite_code', '=', p.code)
        .orderBy('id'),
    );
    expect(await byIds(db, { ids: [1n, 3n], code: 'X' })).toEqual([{ id: 1n }]);
    expect(await byIds(db, { ids: [2n, 3n], code: 'Y' })).toEqual([{ id: 3n }]);
    expect(await byIds(db, { ids: [1n, 2n, 3n], code: 'X' })).toEqual([{ id: 1n }, { id: 2n }]);
    expect(await byIds(db, { ids: [3n], code: 'Y' })).toEqual([{ id: 3n }]);
  });

  it('inserts one row per list item', async () => {
    const insertMany = prepared((kysely, p: { ids: bigint[]; addresses: string[] }) =>
      kysely.insertInto('users').values(
        p.ids.map((id, index) => ({
          id,
          address: p.addresses[index]!,
          invite_code: 'Z',
          created_at: 'now',
        })),
      ),
    );
    await insertMany(db, { ids: [7n, 8n], addresses: ['g', 'h'] });
    await insertMany(db, { ids: [9n], addresses: ['i'] });
    const rows = await db.kysely
      .selectFrom('users')
      .select(['id', 'address'])
      .where('invite_code', '=', 'Z')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 7n, address: 'g' },
      { id: 8n, address: 'h' },
      { id: 9n, address: 'i' },
    ]);
  });

  it('refuses a parameter written into the SQL instead of bound', async () => {
    const inlined = prepared((kysely, p: { code: string }) =>
      kysely.selectFrom('users').select('id').where('invite_code', '=', sql.lit(p.code)),
    );
    await expect(inlined(db, { code: 'X' })).rejects.toThrow(/not bound as values: code/);
  });
});
