// Payments on the chain (issue 8): each mined payment the server accepted (one row per
// transaction hash, ever), and what they pay for: tickets, ticket dividend applications,
// mutual-aid cycles, node orders and the compute log, release transfers, and the JU
// withdrawal fee's payment.
import { sql } from 'kysely';
import { dialectOf, type UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  const dialect = dialectOf(db);
  const id = (table: string) =>
    dialect === 'postgres'
      ? db.schema
          .createTable(table)
          .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : db.schema
          .createTable(table)
          .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  await id('chain_payments')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    // Lower-case; unique, so a hash pays for one thing only, ever.
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull())
    // JU units (6 decimals) the transaction must carry.
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure', 'text')
    .addColumn('confirmations', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('block_number', 'bigint')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addCheckConstraint('chain_payments_amount_positive', sql`amount > 0`)
    .addCheckConstraint(
      'chain_payments_status',
      sql`status IN ('pending', 'confirmed', 'rejected')`,
    )
    .execute();
  await db.schema
    .createIndex('chain_payments_status')
    .on('chain_payments')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('chain_payments_user')
    .on('chain_payments')
    .columns(['user_id', 'id'])
    .execute();

  await id('tickets')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('payment_id', 'bigint', (col) =>
      col.notNull().unique().references('chain_payments.id'),
    )
    .addColumn('price', 'bigint', (col) => col.notNull())
    // pending_payment | active | in_cycle | failed; 'active' shows as valid or invalidated.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_operation_at', 'text', (col) => col.notNull())
    .addCheckConstraint(
      'tickets_status',
      sql`status IN ('pending_payment', 'active', 'in_cycle', 'failed')`,
    )
    .execute();
  await db.schema.createIndex('tickets_user').on('tickets').columns(['user_id', 'id']).execute();

  await id('ticket_applications')
    // One application per user, and one per hash.
    .addColumn('user_id', 'bigint', (col) => col.notNull().unique().references('users.id'))
    .addColumn('hash', 'text', (col) => col.notNull().unique())
    .addColumn('payment_id', 'bigint', (col) => col.references('chain_payments.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    // JU the approved ticket was worth: the release total's base.
    .addColumn('historical_balance', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('reviewed_at', 'text')
    .addCheckConstraint(
      'ticket_applications_status',
      sql`status IN ('pending', 'approved', 'rejected')`,
    )
    .execute();
  await db.schema
    .createIndex('ticket_applications_status')
    .on('ticket_applications')
    .columns(['status', 'id'])
    .execute();

  await id('cycles')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('ticket_id', 'bigint', (col) => col.notNull().references('tickets.id'))
    .addColumn('payment_id', 'bigint', (col) =>
      col.notNull().unique().references('chain_payments.id'),
    )
    .addColumn('paid_in', 'bigint', (col) => col.notNull())
    .addColumn('principal_return', 'bigint', (col) => col.notNull())
    .addColumn('profit', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('due_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('payout_transfer_id', 'bigint', (col) => col.unique().references('transfers.id'))
    .addCheckConstraint(
      'cycles_status',
      sql`status IN ('awaiting_payment', 'running', 'pending_payout', 'paid', 'payment_failed')`,
    )
    .execute();
  await db.schema.createIndex('cycles_user').on('cycles').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('cycles_status_due')
    .on('cycles')
    .columns(['status', 'due_at'])
    .execute();
  // A ticket runs one cycle at a time.
  await sql`CREATE UNIQUE INDEX cycles_one_open_per_ticket ON cycles (ticket_id)
    WHERE status IN ('awaiting_payment', 'running', 'pending_payout')`.execute(db);

  await id('node_orders')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('unit_price', 'bigint', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull())
    .addColumn('power', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('paid_with', 'text')
    .addColumn('payment_id', 'bigint', (col) => col.unique().references('chain_payments.id'))
    .addColumn('transfer_id', 'bigint', (col) => col.unique().references('transfers.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .addCheckConstraint('node_orders_quantity_positive', sql`quantity > 0 AND total > 0`)
    .addCheckConstraint(
      'node_orders_status',
      sql`status IN ('open', 'awaiting_payment', 'paid', 'expired')`,
    )
    .execute();
  await db.schema
    .createIndex('node_orders_user')
    .on('node_orders')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('node_orders_status')
    .on('node_orders')
    .columns(['status', 'expires_at'])
    .execute();

  await id('power_log')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('change', 'bigint', (col) => col.notNull())
    .addColumn('total_after', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('order_id', 'bigint', (col) => col.unique().references('node_orders.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('power_log_user')
    .on('power_log')
    .columns(['user_id', 'id'])
    .execute();

  await id('release_transfers')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('transfer_id', 'bigint', (col) => col.notNull().unique().references('transfers.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('release_transfers_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('release_transfers_user')
    .on('release_transfers')
    .columns(['user_id', 'id'])
    .execute();

  // The JU withdrawal's network fee, paid on chain before the withdrawal is queued.
  await db.schema
    .alterTable('withdrawals')
    .addColumn('fee_payment_id', 'bigint', (col) => col.references('chain_payments.id'))
    .execute();
  // SQLite cannot add a UNIQUE column; a unique index does the same on both.
  await db.schema
    .createIndex('withdrawals_fee_payment')
    .on('withdrawals')
    .column('fee_payment_id')
    .unique()
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are not undone; restore a backup instead.');
}
