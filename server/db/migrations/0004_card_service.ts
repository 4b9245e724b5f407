// Card service (issue 9): holders (identity review), their photos, delivery addresses,
// card applications, cards, recharges, spending and the single-use reveal challenges.
// Identity data, photos and card numbers are stored encrypted (server/card/vault.ts); only
// what lists need (names, a masked id number, the last four digits) is kept in clear.
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import { dialectOf, type SqlDialectName, type UntypedKysely } from '../dialect.ts';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: SqlDialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
const userId = (col: ColumnDefinitionBuilder) => col.notNull().references('users.id');

export async function up(db: UntypedKysely): Promise<void> {
  const dialect = dialectOf(db);

  await withId(db.schema.createTable('card_holders'), dialect)
    .addColumn('user_id', 'bigint', userId)
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('id_type', 'text', notNull)
    .addColumn('id_number_masked', 'text', notNull)
    /** AES-256-GCM of the identity fields as JSON (phone, email, address, id number, dates). */
    .addColumn('identity_sealed', 'text', notNull)
    /** JSON array of card_files ids, in order (front, back). */
    .addColumn('photos', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('deleted_at', 'text')
    .addCheckConstraint('card_holders_status', sql`status IN ('pending', 'approved', 'rejected')`)
    .addCheckConstraint('card_holders_id_type', sql`id_type IN ('id_card', 'passport')`)
    .execute();
  await db.schema
    .createIndex('card_holders_user')
    .on('card_holders')
    .columns(['user_id', 'id'])
    .execute();

  // One row per upload slot. `id` is the reference the user puts in `photos`; the PUT URL
  // carries a separate secret token, stored only as its SHA-256.
  await db.schema
    .createTable('card_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', userId)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    /** awaiting → receiving → stored → attached; receiving → refused. */
    .addColumn('status', 'text', notNull)
    .addColumn('declared_type', 'text', notNull)
    .addColumn('declared_size', 'bigint', notNull)
    .addColumn('content_type', 'text')
    .addColumn('width', 'bigint')
    .addColumn('height', 'bigint')
    .addColumn('bytes', 'bigint')
    .addColumn('storage_name', 'text')
    .addColumn('holder_id', 'bigint', (col) => col.references('card_holders.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('stored_at', 'text')
    .addCheckConstraint(
      'card_files_status',
      sql`status IN ('awaiting', 'receiving', 'stored', 'attached', 'refused')`,
    )
    .execute();
  await db.schema.createIndex('card_files_user').on('card_files').column('user_id').execute();

  await withId(db.schema.createTable('card_addresses'), dialect)
    .addColumn('user_id', 'bigint', userId)
    .addColumn('name', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('province', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('district', 'text', notNull)
    .addColumn('address', 'text', notNull)
    .addColumn('zip', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('card_addresses_user')
    .on('card_addresses')
    .columns(['user_id', 'id'])
    .execute();

  await withId(db.schema.createTable('card_applications'), dialect)
    .addColumn('user_id', 'bigint', userId)
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'text', notNull)
    .addColumn('region', 'text', notNull)
    .addColumn('bin', 'text', notNull)
    .addColumn('holder_id', 'bigint', (col) => col.notNull().references('card_holders.id'))
    .addColumn('holder_name', 'text', notNull)
    .addColumn('address_id', 'bigint', (col) => col.references('card_addresses.id'))
    .addColumn('fee', 'bigint', notNull)
    .addColumn('fee_transfer_id', 'bigint', (col) => col.unique().references('transfers.id'))
    .addColumn('status', 'text', notNull)
    .addColumn('reject_reason', 'text')
    .addColumn('card_id', 'bigint')
    // One reapplication per application: the unique key makes a second one impossible.
    .addColumn('reapply_of', 'bigint', (col) => col.unique().references('card_applications.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('finished_at', 'text')
    .addCheckConstraint('card_applications_type', sql`type IN ('virtual', 'physical')`)
    .addCheckConstraint(
      'card_applications_status',
      sql`status IN ('processing', 'success', 'failed')`,
    )
    .addCheckConstraint('card_applications_fee', sql`fee >= 0`)
    .execute();
  await db.schema
    .createIndex('card_applications_user')
    .on('card_applications')
    .columns(['user_id', 'id'])
    .execute();

  await withId(db.schema.createTable('cards'), dialect)
    .addColumn('user_id', 'bigint', userId)
    .addColumn('application_id', 'bigint', (col) =>
      col.notNull().unique().references('card_applications.id'),
    )
    .addColumn('type', 'text', notNull)
    .addColumn('region', 'text', notNull)
    .addColumn('status', 'text', notNull)
    /** AES-256-GCM of {number, cvv} as JSON. */
    .addColumn('secret_sealed', 'text', notNull)
    .addColumn('last4', 'text', notNull)
    .addColumn('expiry', 'text', notNull)
    .addColumn('holder_name', 'text', notNull)
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    /** scrypt$N$r$p$salt$hash, never the PIN itself. */
    .addColumn('pin_hash', 'text')
    .addColumn('blocked_reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addCheckConstraint('cards_status', sql`status IN ('inactive', 'active', 'frozen', 'blocked')`)
    .addCheckConstraint('cards_balance', sql`balance >= 0`)
    .execute();
  await db.schema.createIndex('cards_user').on('cards').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('card_recharges'), dialect)
    .addColumn('user_id', 'bigint', userId)
    .addColumn('card_id', 'bigint', (col) => col.notNull().references('cards.id'))
    .addColumn('amount', 'bigint', notNull)
    .addColumn('fee', 'bigint', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('failure_reason', 'text')
    .addColumn('transfer_id', 'bigint', (col) => col.notNull().unique().references('transfers.id'))
    .addColumn('refund_transfer_id', 'bigint', (col) => col.unique().references('transfers.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('finished_at', 'text')
    .addCheckConstraint('card_recharges_amount', sql`amount > 0 AND fee >= 0`)
    .addCheckConstraint(
      'card_recharges_status',
      sql`status IN ('pending', 'processing', 'success', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('card_recharges_card')
    .on('card_recharges')
    .columns(['card_id', 'id'])
    .execute();

  await withId(db.schema.createTable('card_consumptions'), dialect)
    .addColumn('user_id', 'bigint', userId)
    .addColumn('card_id', 'bigint', (col) => col.notNull().references('cards.id'))
    .addColumn('amount', 'bigint', notNull)
    .addColumn('merchant', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addCheckConstraint('card_consumptions_amount', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('card_consumptions_card')
    .on('card_consumptions')
    .columns(['card_id', 'id'])
    .execute();

  await db.schema
    .createTable('card_reveal_challenges')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', userId)
    .addColumn('card_id', 'bigint', (col) => col.notNull().references('cards.id'))
    .addColumn('expires_at', 'text', notNull)
    .execute();
}
