// Users, sign-in nonces, sessions and the double-entry ledger (accounts, transfers, entries).
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import { dialectOf, type SqlDialectName, type UntypedKysely } from '../dialect.ts';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: SqlDialectName) {
  // SQLite: INTEGER PRIMARY KEY is the rowid; AUTOINCREMENT keeps ids from ever being reused.
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: UntypedKysely): Promise<void> {
  const dialect = dialectOf(db);

  await withId(db.schema.createTable('users'), dialect)
    .addColumn('address', 'text', (col) => col.notNull().unique())
    .addColumn('invite_code', 'text', (col) => col.notNull().unique())
    .addColumn('referrer_id', 'bigint', (col) => col.references('users.id'))
    .addColumn('level', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('activated_at', 'text')
    .execute();
  await db.schema.createIndex('users_referrer_id').on('users').column('referrer_id').execute();

  await db.schema
    .createTable('login_nonces')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('address', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('login_nonces_expires_at')
    .on('login_nonces')
    .column('expires_at')
    .execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'bigint', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await withId(db.schema.createTable('accounts'), dialect)
    .addColumn('user_id', 'bigint', (col) => col.references('users.id'))
    .addColumn('asset', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('accounts_owner_asset_kind', ['user_id', 'asset', 'kind'])
    // The last line of defence: a user's money never goes below zero, whatever the code does.
    .addCheckConstraint('accounts_user_balance_not_negative', sql`user_id IS NULL OR balance >= 0`)
    .execute();
  // NULLs never collide in a unique constraint, so system accounts get their own index.
  await db.schema
    .createIndex('accounts_system_asset_kind')
    .on('accounts')
    .columns(['asset', 'kind'])
    .unique()
    .where(sql.ref('user_id'), 'is', null)
    .execute();

  await withId(db.schema.createTable('transfers'), dialect)
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('request_hash', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('memo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('entries'), dialect)
    .addColumn('transfer_id', 'bigint', (col) => col.notNull().references('transfers.id'))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id'))
    .addColumn('amount', 'bigint', notNull)
    .addColumn('balance_after', 'bigint', notNull)
    .addCheckConstraint('entries_amount_not_zero', sql`amount <> 0`)
    .execute();
  await db.schema
    .createIndex('entries_account_id')
    .on('entries')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema.createIndex('entries_transfer_id').on('entries').column('transfer_id').execute();

  await forbidChanges(db, dialect, ['transfers', 'entries']);
}

// Ledger history is append-only: the database itself refuses UPDATE and DELETE.
async function forbidChanges(db: UntypedKysely, dialect: SqlDialectName, tables: string[]) {
  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
      END
      $$`.execute(db);
  }
  for (const table of tables) {
    if (dialect === 'postgres') {
      await sql`
        CREATE TRIGGER ${sql.id(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`.execute(db);
    } else {
      for (const operation of ['UPDATE', 'DELETE'] as const) {
        await sql`
          CREATE TRIGGER ${sql.id(`${table}_no_${operation.toLowerCase()}`)}
          BEFORE ${sql.raw(operation)} ON ${sql.table(table)}
          BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
      }
    }
  }
}

export async function down(): Promise<void> {
  throw new Error('The first migration cannot be undone; restore a backup instead.');
}
