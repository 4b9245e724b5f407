// Node purchase (spec §2 `/node`): an order fixes quantity and price for a few minutes and
// reserves that much of the supply; it is paid on chain (a hash handed in while the quote
// is open) or from the JU balance through the ledger. A paid order grants compute power,
// written to the compute log. Open orders past their quote expire and free the supply.
import { sql } from 'kysely';
import type { NodeConfigData, NodeOrder } from '../../src/api/node.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { UserRow } from '../db/schema.ts';
import type { NodeOrderRow } from '../db/schemaChain.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import {
  ACCOUNT_KIND,
  ensureSystemAccount,
  ensureUserAccount,
  shardFor,
} from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/postTransfer.ts';
import { runMoneyOperation } from '../money/moneyOperation.ts';
import { wireAmount } from '../money/wireAmounts.ts';
import { recordPerformance } from '../users/performance.ts';
import { paymentWire, submitPayment, type PurposeHandler } from '../chain/payments.ts';

export const NODE_TRANSFER_KIND = 'node_purchase';
const SUPPLY_LOCK_KEY = 7_310_008;

export const nodePaymentHandler: PurposeHandler = {
  async onConfirmed(trx, payment, context) {
    const order = await trx.kysely
      .updateTable('node_orders')
      .set({ status: 'paid', paid_at: context.now().toISOString() })
      .where('payment_id', '=', payment.id)
      .where('status', '=', 'awaiting_payment')
      .returningAll()
      .executeTakeFirst();
    if (order) await grantPower(trx, order, context.now());
  },
  async onRejected(trx, payment) {
    await trx.kysely
      .updateTable('node_orders')
      .set({ status: 'expired' })
      .where('payment_id', '=', payment.id)
      .where('status', '=', 'awaiting_payment')
      .execute();
  },
};

/** A paid node: its compute power, and its price in the buyer's performance (user centre). */
async function grantPower(trx: AppDatabase, order: NodeOrderRow, now: Date): Promise<void> {
  await recordPerformance(trx, {
    userId: order.user_id,
    units: order.total,
    source: 'node',
    reference: String(order.id),
    now,
  });
  const last = await trx.kysely
    .selectFrom('power_log')
    .select('total_after')
    .where('user_id', '=', order.user_id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  await trx.kysely
    .insertInto('power_log')
    .values({
      user_id: order.user_id,
      change: order.power,
      total_after: (last?.total_after ?? 0n) + order.power,
      reason: 'node_purchase',
      order_id: order.id,
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Nodes the supply has given out or holds for orders, as of `now`; with `paidOnly`, only
 * those given out.
 */
async function reservedNodes(
  db: AppDatabase,
  now: Date,
  graceMs: number,
  userId?: bigint,
  paidOnly = false,
): Promise<number> {
  const heldUntil = new Date(now.getTime() - graceMs).toISOString();
  let query = db.kysely
    .selectFrom('node_orders')
    .select((eb) => eb.fn.sum<bigint | string | null>('quantity').as('sum'))
    .where((eb) =>
      paidOnly
        ? eb('status', '=', 'paid')
        : eb.or([
            eb('status', 'in', ['awaiting_payment', 'paid']),
            eb.and([eb('status', '=', 'open'), eb('expires_at', '>', heldUntil)]),
          ]),
    );
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return Number(row?.sum ?? 0);
}

export async function nodeConfig(context: ServerContext, userId: bigint): Promise<NodeConfigData> {
  const { payments, chain } = context.settings;
  const now = context.now();
  const grace = payments.nodeChainPayGraceMs;
  const [reserved, reservedForUser, owned] = await Promise.all([
    reservedNodes(context.db, now, grace),
    reservedNodes(context.db, now, grace, userId),
    reservedNodes(context.db, now, grace, userId, true),
  ]);
  return {
    price: wireAmount('JU', payments.nodePrice),
    supply_total: payments.nodeSupply,
    supply_left: Math.max(0, payments.nodeSupply - reserved),
    per_user_limit: payments.nodePerUserLimit,
    owned,
    on_order: reservedForUser - owned,
    power_per_node: payments.nodePower,
    quote_minutes: Math.round(payments.nodeQuoteMs / 60_000),
    treasury: chain.treasury,
  };
}

export async function createNodeOrder(
  context: ServerContext,
  userId: bigint,
  quantity: number,
): Promise<NodeOrder> {
  const { payments } = context.settings;
  const now = context.now();
  const row = await inRetryingTransaction(context.db, async (trx) => {
    // One order at a time weighs the supply (SQLite already has a single writer).
    if (trx.dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${SUPPLY_LOCK_KEY})`.execute(trx.kysely);
    const grace = payments.nodeChainPayGraceMs;
    const owned = await reservedNodes(trx, now, grace, userId);
    if (owned + quantity > payments.nodePerUserLimit)
      throw new DomainError('node_limit_reached', {
        values: { limit: payments.nodePerUserLimit },
        data: { field: 'quantity', limit: payments.nodePerUserLimit, owned },
      });
    if ((await reservedNodes(trx, now, grace)) + quantity > payments.nodeSupply)
      throw new DomainError('node_sold_out', { data: { field: 'quantity' } });
    return trx.kysely
      .insertInto('node_orders')
      .values({
        user_id: userId,
        quantity: BigInt(quantity),
        unit_price: payments.nodePrice,
        total: payments.nodePrice * BigInt(quantity),
        power: BigInt(payments.nodePower) * BigInt(quantity),
        status: 'open',
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + payments.nodeQuoteMs).toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return nodeOrderWire(row);
}

/**
 * The user's own order, open and within its quote (plus `graceMs`); anything else is
 * refused clearly.
 */
async function openOrder(
  db: AppDatabase,
  userId: bigint,
  orderId: bigint,
  now: Date,
  graceMs: number,
) {
  const order = await findNodeOrder(db, orderId);
  if (!order || order.user_id !== userId) throw new DomainError('node_order_not_found');
  if (order.status !== 'open')
    throw new DomainError('node_order_not_open', { data: { status: order.status } });
  if (order.expires_at <= new Date(now.getTime() - graceMs).toISOString())
    throw new DomainError('node_order_expired');
  return order;
}

export async function payNodeOrderFromBalance(
  context: ServerContext,
  userId: bigint,
  orderId: bigint,
  idempotencyKey: string,
): Promise<NodeOrder> {
  const now = context.now();
  const { answer } = await runMoneyOperation(context.db, {
    ownerId: userId,
    scope: 'node_balance_buy',
    key: idempotencyKey,
    request: { order_id: orderId },
    lockUserId: userId,
    now,
    async run(trx): Promise<NodeOrder> {
      const order = await openOrder(trx, userId, orderId, now, 0);
      const available = await ensureUserAccount(trx, userId, 'JU', now);
      const sales = await ensureSystemAccount(
        trx,
        'JU',
        ACCOUNT_KIND.node_sales,
        now,
        shardFor(userId),
      );
      const transfer = await postTransfer(trx, {
        idempotencyKey: `node-balance-buy:${order.id}`,
        kind: NODE_TRANSFER_KIND,
        memo: `node order ${order.id}`,
        legs: [
          { accountId: available, amount: -order.total },
          { accountId: sales, amount: order.total },
        ],
        now,
      });
      const paid = await trx.kysely
        .updateTable('node_orders')
        .set({
          status: 'paid',
          paid_with: 'balance',
          transfer_id: transfer.id,
          paid_at: now.toISOString(),
        })
        .where('id', '=', order.id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!paid) throw new DomainError('node_order_not_open');
      await grantPower(trx, paid, now);
      return nodeOrderWire(paid);
    },
  });
  return answer;
}

export async function payNodeOrderOnChain(
  context: ServerContext,
  user: UserRow,
  orderId: bigint,
  hash: string,
) {
  const now = context.now();
  const graceMs = context.settings.payments.nodeChainPayGraceMs;
  const heldUntil = new Date(now.getTime() - graceMs).toISOString();
  const order = await findNodeOrder(context.db, orderId);
  if (!order || order.user_id !== user.id) throw new DomainError('node_order_not_found');
  const { payment } = await submitPayment(context, {
    user,
    hash,
    purpose: 'node',
    units: order.total,
    handler: nodePaymentHandler,
    // An order past its grace (or no longer open) is refused; a payment that did reach the
    // treasury for it comes back to the balance (server/chain/balanceCredit.ts).
    precheck: async (db) => {
      await openOrder(db, user.id, orderId, now, graceMs);
    },
    async createSubject(trx, payment) {
      const taken = await trx.kysely
        .updateTable('node_orders')
        .set({ status: 'awaiting_payment', paid_with: 'chain', payment_id: payment.id })
        .where('id', '=', order.id)
        .where('status', '=', 'open')
        .where('expires_at', '>', heldUntil)
        .executeTakeFirst();
      if (taken.numUpdatedRows !== 1n) throw new DomainError('node_order_not_open');
    },
  });
  const current = (await nodeOrderWithHash(context.db, order.id))!;
  return { payment: paymentWire(payment, context.settings), order: nodeOrderWire(current) };
}

export async function expireNodeOrders(context: ServerContext): Promise<number> {
  const graceMs = context.settings.payments.nodeChainPayGraceMs;
  const result = await context.db.kysely
    .updateTable('node_orders')
    .set({ status: 'expired' })
    .where('status', '=', 'open')
    .where('expires_at', '<=', new Date(context.now().getTime() - graceMs).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findNodeOrder(db: AppDatabase, id: bigint): Promise<NodeOrderRow | undefined> {
  return db.kysely.selectFrom('node_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function nodeOrderWire(row: NodeOrderRow & { hash?: string | null }): NodeOrder {
  return {
    id: String(row.id),
    quantity: Number(row.quantity),
    unit_price: wireAmount('JU', row.unit_price),
    total: wireAmount('JU', row.total),
    power: Number(row.power),
    status: row.status,
    paid_with: row.paid_with,
    hash: row.hash ?? null,
    created_at: row.created_at,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
  };
}

export async function nodeOrderWithHash(db: AppDatabase, id: bigint) {
  return db.kysely
    .selectFrom('node_orders')
    .leftJoin('chain_payments', 'chain_payments.id', 'node_orders.payment_id')
    .selectAll('node_orders')
    .select('chain_payments.hash')
    .where('node_orders.id', '=', id)
    .executeTakeFirst();
}

export async function powerLog(db: AppDatabase, userId: bigint, page: number, pageSize: number) {
  const { rows, total } = await readPage(
    db.kysely.selectFrom('power_log').where('user_id', '=', userId),
    (q) => q.selectAll().orderBy('id', 'desc'),
    { page, pageSize },
  );
  return {
    total,
    list: rows.map((row) => ({
      id: String(row.id),
      change: Number(row.change),
      total_after: Number(row.total_after),
      reason: 'node_purchase' as const,
      order_id: row.order_id === null ? null : String(row.order_id),
      created_at: row.created_at,
    })),
  };
}
