// Node purchase (spec §2 `/node`): an order fixes quantity and price for a few minutes; it is
// paid on chain (a hash handed in while the quote is open) or from the JU balance through the
// ledger. A paid order grants compute power, written to the compute log.
// A quote holds nothing: the supply and the per-user limit are held only by orders whose
// payment the chain has shown (awaiting its confirmations) or that are paid, and are checked
// again when a payment comes — so unpaid quotes, however many accounts ask for them, can never
// keep the nodes from the people paying for them. A user has one open quote at a time: a new
// one replaces it. A payment on chain for a quote that can no longer be served (sold out
// meanwhile, expired) comes back to the payer's balance (server/chain/balanceCredit.ts).
import { sql } from 'kysely';
import type { NodeChainPayData, NodeConfigData, NodeOrder } from '../../contract/api/node.ts';
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
import { runMoneyOperation } from '../ledger/moneyOperation.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import { recordPerformance } from '../users/performance.ts';
import { paymentWire, submitPayment } from '../chain/payments.ts';
import type { PurposeHandler } from '../hooks/purposeHandler.ts';

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
 * Nodes given out or held for a payment the chain has shown, as of now; for one user when
 * `userId` is given; with `paidOnly`, only those given out.
 */
async function heldNodes(db: AppDatabase, userId?: bigint, paidOnly = false): Promise<number> {
  let query = db.kysely
    .selectFrom('node_orders')
    .select((eb) => eb.fn.sum<bigint | string | null>('quantity').as('sum'))
    .where('status', 'in', paidOnly ? ['paid'] : ['awaiting_payment', 'paid']);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/**
 * Refuses `quantity` more nodes for the user when the supply or their limit cannot take them.
 * Callers hold the supply lock, so two payments cannot both take the last nodes.
 */
async function refuseBeyondSupply(
  trx: AppDatabase,
  context: ServerContext,
  userId: bigint,
  quantity: number,
): Promise<void> {
  const { payments } = context.settings;
  // One order at a time weighs the supply (SQLite already has a single writer).
  if (trx.dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(${SUPPLY_LOCK_KEY})`.execute(trx.kysely);
  const [held, owned] = await Promise.all([heldNodes(trx), heldNodes(trx, userId)]);
  if (owned + quantity > payments.nodePerUserLimit)
    throw new DomainError('node_limit_reached', {
      values: { limit: payments.nodePerUserLimit },
      data: { field: 'quantity', limit: payments.nodePerUserLimit, owned },
    });
  if (held + quantity > payments.nodeSupply)
    throw new DomainError('node_sold_out', { data: { field: 'quantity' } });
}

export async function nodeConfig(context: ServerContext, userId: bigint): Promise<NodeConfigData> {
  const { payments, chain } = context.settings;
  const [held, heldForUser, owned] = await Promise.all([
    heldNodes(context.db),
    heldNodes(context.db, userId),
    heldNodes(context.db, userId, true),
  ]);
  return {
    price: wireAmount('JU', payments.nodePrice),
    supply_total: payments.nodeSupply,
    supply_left: Math.max(0, payments.nodeSupply - held),
    per_user_limit: payments.nodePerUserLimit,
    owned,
    on_order: heldForUser - owned,
    power_per_node: payments.nodePower,
    quote_minutes: Math.round(payments.nodeQuoteMs / 60_000),
    treasury: chain.treasury,
  };
}

/** A quote: fixes quantity and price for a while and replaces the user's open one. */
export async function createNodeOrder(
  context: ServerContext,
  userId: bigint,
  quantity: number,
): Promise<NodeOrder> {
  const { payments } = context.settings;
  const now = context.now();
  const row = await inRetryingTransaction(context.db, async (trx) => {
    await refuseBeyondSupply(trx, context, userId, quantity);
    await trx.kysely
      .updateTable('node_orders')
      .set({ status: 'expired' })
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .execute();
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
      await refuseBeyondSupply(trx, context, userId, Number(order.quantity));
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
  request: { orderId: bigint; hash: string; idempotencyKey: string },
): Promise<NodeChainPayData> {
  const now = context.now();
  const graceMs = context.settings.payments.nodeChainPayGraceMs;
  const heldUntil = new Date(now.getTime() - graceMs).toISOString();
  const order = await findNodeOrder(context.db, request.orderId);
  if (!order || order.user_id !== user.id) throw new DomainError('node_order_not_found');
  return submitPayment(context, {
    user,
    hash: request.hash,
    purpose: 'node',
    units: order.total,
    handler: nodePaymentHandler,
    idempotency: {
      scope: 'node-chain-pay',
      key: request.idempotencyKey,
      request: { order_id: order.id },
    },
    // An order past its grace (or no longer open) is refused; a payment that did reach the
    // treasury for it comes back to the balance (server/chain/balanceCredit.ts).
    precheck: async (db) => {
      await openOrder(db, user.id, order.id, now, graceMs);
    },
    async createSubject(trx, payment) {
      await refuseBeyondSupply(trx, context, user.id, Number(order.quantity));
      const taken = await trx.kysely
        .updateTable('node_orders')
        .set({ status: 'awaiting_payment', paid_with: 'chain', payment_id: payment.id })
        .where('id', '=', order.id)
        .where('status', '=', 'open')
        .where('expires_at', '>', heldUntil)
        .executeTakeFirst();
      if (taken.numUpdatedRows !== 1n) throw new DomainError('node_order_not_open');
    },
    async answer(trx, payment) {
      const current = (await nodeOrderWithHash(trx, order.id))!;
      return { payment: paymentWire(payment, context.settings), order: nodeOrderWire(current) };
    },
  });
}

export async function expireNodeOrders(
  context: ServerContext,
  asOf: Date = context.now(),
): Promise<number> {
  const graceMs = context.settings.payments.nodeChainPayGraceMs;
  const result = await context.db.kysely
    .updateTable('node_orders')
    .set({ status: 'expired' })
    .where('status', '=', 'open')
    .where('expires_at', '<=', new Date(asOf.getTime() - graceMs).toISOString())
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
