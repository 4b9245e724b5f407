// Mall orders: the operator records an order for a user and ships it; the user confirms
// receipt once it has arrived. An order is a record of goods, not a payment: no money moves.
// Each change tells the user's app (realtime, user@order) in its own transaction.
import type { Order, OrderStatus } from '../../contract/api/machine.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { MallOrderRow } from '../db/schemaContent.ts';
import { inTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { emitUserEvent } from '../realtime/events.ts';

export function orderWire(row: MallOrderRow): Order {
  const coin = row.coin === 'USDT' ? 'USDT' : 'JU';
  return {
    id: String(row.id),
    product: row.product,
    quantity: Number(row.quantity),
    coin,
    amount: wireAmount(coin, row.amount),
    status: row.status,
    tracking_no: row.tracking_no,
    created_at: row.created_at,
    shipped_at: row.shipped_at,
    received_at: row.received_at,
  };
}

export async function listOrders(
  db: AppDatabase,
  input: { userId: bigint; status: OrderStatus | null; page: number; pageSize: number },
): Promise<{ list: Order[]; total: number }> {
  let query = db.kysely.selectFrom('mall_orders').where('user_id', '=', input.userId);
  if (input.status) query = query.where('status', '=', input.status);
  const { rows, total } = await readPage(query, (q) => q.selectAll().orderBy('id', 'desc'), input);
  return { total, list: rows.map(orderWire) };
}

/** The user's own order; another user's id answers exactly like a missing one. */
export async function findOwnOrder(
  db: AppDatabase,
  userId: bigint,
  id: bigint,
): Promise<MallOrderRow> {
  const row = await db.kysely
    .selectFrom('mall_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('order_not_found', { data: { field: 'id' } });
  return row;
}

/** Tells the order's owner, in `trx`'s transaction. */
function orderChanged(trx: AppDatabase, row: MallOrderRow, now: Date): Promise<void> {
  return emitUserEvent(trx, now, {
    userId: row.user_id,
    stream: 'user@order',
    kind: `order_${row.status}`,
  });
}

/**
 * Shipped → received, once. The guarded UPDATE makes two concurrent confirmations settle
 * on one winner; the loser learns why from the row as it now is.
 */
export async function confirmReceipt(
  db: AppDatabase,
  input: { userId: bigint; id: bigint; now: Date },
): Promise<Order> {
  const updated = await inTransaction(db, async (trx) => {
    const row = await trx.kysely
      .updateTable('mall_orders')
      .set({ status: 'received', received_at: input.now.toISOString() })
      .where('id', '=', input.id)
      .where('user_id', '=', input.userId)
      .where('status', '=', 'shipped')
      .returningAll()
      .executeTakeFirst();
    if (row) await orderChanged(trx, row, input.now);
    return row;
  });
  if (updated) return orderWire(updated);
  const row = await findOwnOrder(db, input.userId, input.id);
  throw new DomainError(
    row.status === 'received' ? 'order_already_received' : 'order_not_shipped',
    {
      data: { field: 'id', status: row.status },
    },
  );
}

// Operator side.

export async function addOrder(
  db: AppDatabase,
  input: {
    userId: bigint;
    product: string;
    quantity: number;
    coin: 'JU' | 'USDT';
    units: bigint;
    now: Date;
  },
): Promise<Order> {
  const row = await inTransaction(db, async (trx) => {
    const added = await trx.kysely
      .insertInto('mall_orders')
      .values({
        user_id: input.userId,
        product: input.product,
        quantity: BigInt(input.quantity),
        coin: input.coin,
        amount: input.units,
        status: 'pending',
        created_at: input.now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await orderChanged(trx, added, input.now);
    return added;
  });
  return orderWire(row);
}

export async function shipOrder(
  db: AppDatabase,
  input: { id: bigint; trackingNo: string | null; now: Date },
): Promise<Order> {
  const updated = await inTransaction(db, async (trx) => {
    const row = await trx.kysely
      .updateTable('mall_orders')
      .set({
        status: 'shipped',
        shipped_at: input.now.toISOString(),
        tracking_no: input.trackingNo,
      })
      .where('id', '=', input.id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (row) await orderChanged(trx, row, input.now);
    return row;
  });
  if (updated) return orderWire(updated);
  const exists = await db.kysely
    .selectFrom('mall_orders')
    .select('status')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!exists) throw new DomainError('order_not_found', { data: { field: 'id' } });
  throw new DomainError('order_not_pending', { data: { field: 'id', status: exists.status } });
}
