// Migrations on a database that already holds data (SQLite, and PostgreSQL when it runs): a
// database from before payments belonged to their payer keeps every row, and what the old
// rules got wrong is set right — an application that only ever waited on a chain refusal is
// rejected and no longer blocks its hash or its user's one application.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import type { UntypedKysely } from '../../server/db/dialect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { createPostgresDialect } from '../../server/db/postgres.ts';
import { createSqliteDialect } from '../../server/db/sqlite.ts';
import { isUniqueViolation } from '../../server/db/sqlErrors.ts';
import { createPostgresDatabase, usesPostgres } from './harness.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function emptyDatabase(): Promise<UntypedKysely> {
  if (usesPostgres) {
    const database = await createPostgresDatabase({ migrated: false });
    const db: UntypedKysely = new Kysely({ dialect: createPostgresDialect(database.url) });
    cleanups.push(async () => {
      await db.destroy();
      await database.drop();
    });
    return db;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'ju-migrations-'));
  const db: UntypedKysely = new Kysely({
    dialect: createSqliteDialect(path.join(dir, 'db.sqlite')),
  });
  cleanups.push(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

const NOW = '2026-11-01T00:00:00.000Z';

describe('migrations on a database with data', () => {
  it('rejects applications that only waited on a chain refusal, and frees what they held', async () => {
    const db = await emptyDatabase();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0006_card_number_digest');
    expect(before.error).toBeUndefined();

    const user = (address: string, code: string) =>
      db
        .insertInto('users')
        .values({ address, invite_code: code, level: 0, created_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
    const payer = await user('0x1111111111111111111111111111111111111111', 'PAYER001');
    const copier = await user('0x2222222222222222222222222222222222222222', 'COPIER01');
    const hash = `0x${'ab'.repeat(32)}`;
    const payment = await db
      .insertInto('chain_payments')
      .values({
        user_id: payer.id,
        hash: `0x${'cd'.repeat(32)}`,
        purpose: 'ticket',
        amount: 60_000_000,
        status: 'confirmed',
        confirmations: 1,
        created_at: NOW,
        checked_at: NOW,
        confirmed_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const application = (values: Record<string, unknown>) =>
      db
        .insertInto('ticket_applications')
        .values({ historical_balance: 60_000_000, created_at: NOW, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Under the old rules the copier's application with the payer's hash waited for the
    // operator; the payer's own application was approved.
    const copied = await application({
      user_id: copier.id,
      hash,
      payment_id: null,
      status: 'pending',
      reason: 'payment_wrong_sender',
    });
    const approved = await application({
      user_id: payer.id,
      hash: `0x${'cd'.repeat(32)}`,
      payment_id: payment.id,
      status: 'approved',
    });

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('ticket_applications')
      .select(['id', 'status', 'reason'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, id: String(row.id) }))).toEqual([
      { id: String(copied.id), status: 'rejected', reason: 'payment_wrong_sender' },
      { id: String(approved.id), status: 'approved', reason: null },
    ]);
    // The copied hash is free again for its payer, and the copier's one application too…
    await application({ user_id: copier.id, hash, payment_id: null, status: 'pending' });
    // …but a user still has one live application, and a hash one live application.
    const refused = async (values: Record<string, unknown>) => {
      const error = await application(values).then(
        () => null,
        (caught: unknown) => caught,
      );
      return isUniqueViolation(error);
    };
    expect(
      await refused({ user_id: payer.id, hash: `0x${'ef'.repeat(32)}`, status: 'pending' }),
    ).toBe(true);
    const third = await user('0x3333333333333333333333333333333333333333', 'THIRD001');
    expect(await refused({ user_id: third.id, hash, status: 'pending' })).toBe(true);
    // The payments table has the columns a payment's sender and replacement need.
    await sql`SELECT payer, tx_nonce, seen_block, mined_hash, unseen_since FROM chain_payments`.execute(
      db,
    );
  });
});
