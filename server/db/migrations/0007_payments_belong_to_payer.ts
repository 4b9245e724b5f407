// A payment belongs to the wallet that sent it (issue: payments nobody can take or lose).
// - chain_payments keeps who sent the transaction (`payer`: the user's address, or another
//   wallet of theirs that signed a claim), its nonce and the block the node was at when it
//   first saw it, so a wallet's speed-up (same sender and nonce, another hash) can be found
//   and completes the payment (`mined_hash`), and when the node stopped knowing it
//   (`unseen_since`). Pending payments are re-checked least recently checked first.
// - A refused ticket dividend application no longer uses up the user's one: the one per
//   user and one per hash rules hold for live applications (pending or approved) only.
//   Applications that only ever waited on a chain refusal (no payment of theirs) were
//   refusals under today's rules: they become rejected, which frees the hash for its payer.
import { sql } from 'kysely';
import { dialectOf, type UntypedKysely } from '../dialect.ts';

const LIVE = sql`status IN ('pending', 'approved')`;

export async function up(db: UntypedKysely): Promise<void> {
  for (const [column, type] of [
    ['payer', 'text'],
    ['tx_nonce', 'bigint'],
    ['seen_block', 'bigint'],
    ['mined_hash', 'text'],
    ['unseen_since', 'text'],
  ] as const) {
    await db.schema.alterTable('chain_payments').addColumn(column, type).execute();
  }
  // A mined transaction pays for one thing, whichever hash the user handed in for it.
  await db.schema
    .createIndex('chain_payments_mined_hash')
    .on('chain_payments')
    .column('mined_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('chain_payments_status_checked')
    .on('chain_payments')
    .columns(['status', 'checked_at'])
    .execute();

  await db
    .updateTable('ticket_applications')
    .set({ status: 'rejected' })
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('payment_id', 'is', null),
        eb(
          'payment_id',
          'in',
          eb.selectFrom('chain_payments').select('id').where('status', '=', 'rejected'),
        ),
      ]),
    )
    .execute();

  if (dialectOf(db) === 'postgres') {
    await sql`ALTER TABLE ticket_applications
      DROP CONSTRAINT ticket_applications_user_id_key,
      DROP CONSTRAINT ticket_applications_hash_key`.execute(db);
  } else {
    await rebuildSqliteApplications(db);
  }
  await sql`CREATE UNIQUE INDEX ticket_applications_live_per_user
    ON ticket_applications (user_id) WHERE ${LIVE}`.execute(db);
  await sql`CREATE UNIQUE INDEX ticket_applications_live_per_hash
    ON ticket_applications (hash) WHERE ${LIVE}`.execute(db);
  await db.schema
    .createIndex('ticket_applications_user')
    .on('ticket_applications')
    .columns(['user_id', 'id'])
    .execute();
}

/** SQLite cannot drop a column's UNIQUE: the table is built again without it. */
async function rebuildSqliteApplications(db: UntypedKysely): Promise<void> {
  await db.schema
    .createTable('ticket_applications_next')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'bigint', (col) => col.references('chain_payments.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('historical_balance', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_at', 'text')
    .addCheckConstraint(
      'ticket_applications_status',
      sql`status IN ('pending', 'approved', 'rejected')`,
    )
    .execute();
  await sql`INSERT INTO ticket_applications_next
    (id, user_id, hash, payment_id, status, reason, historical_balance, created_at, reviewed_at)
    SELECT id, user_id, hash, payment_id, status, reason, historical_balance, created_at,
      reviewed_at FROM ticket_applications`.execute(db);
  await db.schema.dropTable('ticket_applications').execute();
  await db.schema.alterTable('ticket_applications_next').renameTo('ticket_applications').execute();
  await db.schema
    .createIndex('ticket_applications_status')
    .on('ticket_applications')
    .columns(['status', 'id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are not undone; restore a backup instead.');
}
