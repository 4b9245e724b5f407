// Node purchase (spec §2 `/node`, §7 node/*) and the compute log (`/power`, user/powerLog):
// an order fixes quantity and price for a few minutes; it is paid on chain (hash) or from
// the JU balance (`balanceBuyNode`). Each node grants compute power.
import * as v from 'valibot';
import { amountStringSchema } from './assets.ts';
import { chainPaymentSchema, txHashSchema } from './chain.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { recordIdSchema } from './withdraw.ts';
import { defineEndpoint } from './endpoint.ts';

export const nodePaths = {
  config: '/api/v1/node/config',
  getOrder: '/api/v1/node/getOrder',
  /** POST `{order_id}` with an Idempotency-Key: pay from the JU balance. */
  balanceBuy: '/api/v1/node/balanceBuyNode',
  /** POST `{order_id, hash}`: pay on chain. */
  chainPay: '/api/v1/node/chainPay',
  /** GET `?id=`: one of the user's orders. */
  order: '/api/v1/node/order',
  powerLog: '/api/v1/user/powerLog',
} as const;

export const nodeConfigDataSchema = v.object({
  price: amountStringSchema,
  supply_total: v.number(),
  supply_left: v.number(),
  per_user_limit: v.number(),
  /** Nodes the user holds: paid for. */
  owned: v.number(),
  /**
   * Nodes on the user's orders not paid for yet (a quote within its time, or a payment on
   * chain awaiting confirmation). They count towards the per-user limit with `owned`.
   */
  on_order: v.number(),
  /** Compute power each node grants. */
  power_per_node: v.number(),
  quote_minutes: v.number(),
  treasury: v.nullable(v.string()),
});
export type NodeConfigData = v.InferOutput<typeof nodeConfigDataSchema>;

const quantitySchema = v.pipe(
  v.number('validation'),
  v.integer('validation'),
  v.minValue(1, 'validation'),
  v.maxValue(1000, 'node_limit_reached'),
);

export const nodeGetOrderRequestSchema = v.object({ quantity: quantitySchema });
export type NodeGetOrderRequest = v.InferInput<typeof nodeGetOrderRequestSchema>;

/**
 * - open: quoted, waiting for payment until `expires_at` (a hash paid on chain is still taken
 *   for a grace period after it, the server's NODE_CHAIN_PAY_GRACE_MINUTES; the balance is not);
 * - awaiting_payment: a hash was handed in; waiting for the chain;
 * - paid: nodes granted;
 * - expired: not paid in time, or the chain refused the payment.
 */
export const nodeOrderStatusSchema = v.picklist(['open', 'awaiting_payment', 'paid', 'expired']);
export type NodeOrderStatus = v.InferOutput<typeof nodeOrderStatusSchema>;

export const nodeOrderSchema = v.object({
  id: v.string(),
  quantity: v.number(),
  unit_price: amountStringSchema,
  total: amountStringSchema,
  power: v.number(),
  status: nodeOrderStatusSchema,
  /** 'chain' or 'balance' once paid or handed a hash. */
  paid_with: v.nullable(v.picklist(['chain', 'balance'])),
  hash: v.nullable(v.string()),
  created_at: v.string(),
  expires_at: v.string(),
  paid_at: v.nullable(v.string()),
});
export type NodeOrder = v.InferOutput<typeof nodeOrderSchema>;
export const nodeOrderDataSchema = nodeOrderSchema;

export const nodeOrderQuerySchema = v.object({ id: recordIdSchema });
export const nodeBalanceBuyRequestSchema = v.object({ order_id: recordIdSchema });
export type NodeBalanceBuyRequest = v.InferInput<typeof nodeBalanceBuyRequestSchema>;
export const nodeChainPayRequestSchema = v.object({ order_id: recordIdSchema, hash: txHashSchema });
export type NodeChainPayRequest = v.InferInput<typeof nodeChainPayRequestSchema>;
export const nodeChainPayDataSchema = v.object({
  payment: chainPaymentSchema,
  order: nodeOrderSchema,
});
export type NodeChainPayData = v.InferOutput<typeof nodeChainPayDataSchema>;

export const powerLogRowSchema = v.object({
  id: v.string(),
  /** Compute power added (positive) or removed. */
  change: v.number(),
  /** The user's compute power after this change. */
  total_after: v.number(),
  reason: v.picklist(['node_purchase']),
  order_id: v.nullable(v.string()),
  created_at: v.string(),
});
export type PowerLogRow = v.InferOutput<typeof powerLogRowSchema>;
export const powerLogQuerySchema = v.object(pageQueryEntries);
export const powerLogDataSchema = pagedList(powerLogRowSchema);
export type PowerLogData = v.InferOutput<typeof powerLogDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const nodeEndpoints = {
  config: defineEndpoint({ method: 'GET', path: nodePaths.config, output: nodeConfigDataSchema }),
  getOrder: defineEndpoint({
    method: 'POST',
    path: nodePaths.getOrder,
    input: nodeGetOrderRequestSchema,
    output: nodeOrderSchema,
    userRateLimit: 'money',
    changes: ['balances'],
  }),
  balanceBuy: defineEndpoint({
    method: 'POST',
    path: nodePaths.balanceBuy,
    input: nodeBalanceBuyRequestSchema,
    output: nodeOrderSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'nodes', 'moneyLog', 'userInfo'],
  }),
  chainPay: defineEndpoint({
    method: 'POST',
    path: nodePaths.chainPay,
    input: nodeChainPayRequestSchema,
    output: nodeChainPayDataSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'nodes', 'moneyLog', 'userInfo'],
  }),
  order: defineEndpoint({
    method: 'GET',
    path: nodePaths.order,
    input: nodeOrderQuerySchema,
    output: nodeOrderSchema,
  }),
  powerLog: defineEndpoint({
    method: 'GET',
    path: nodePaths.powerLog,
    input: powerLogQuerySchema,
    output: powerLogDataSchema,
    paged: true,
  }),
};
