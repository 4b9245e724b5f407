// Mutual-aid cycles (spec §4, §9): with a valid ticket, pay the cycle amount plus the
// activation extra on chain; after the cycle length the principal and the profit return to
// the in-app JU balance, paid from the funded mutual-aid pool. When the pool cannot cover a
// due return it waits as 'pending_payout' until the operator funds the pool.
import * as v from 'valibot';
import { amountStringSchema } from './assets.ts';
import { chainPaymentSchema, txHashSchema } from './chain.ts';
import { recordIdSchema } from './withdraw.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { defineEndpoint } from './endpoint.ts';

export const cyclePaths = {
  config: '/api/v1/cycle/config',
  /** POST `{ticket_id, hash}`: the hash pays amount + activation extra to the treasury. */
  join: '/api/v1/cycle/join',
  list: '/api/v1/cycle/list',
  /** GET: the pool's coverage: what it holds against what it owes. */
  pool: '/api/v1/cycle/pool',
} as const;

export const cycleConfigDataSchema = v.object({
  amount: amountStringSchema,
  activation_extra: amountStringSchema,
  /** amount + activation extra: what the payment must carry. */
  pay_total: amountStringSchema,
  principal_return: amountStringSchema,
  profit: amountStringSchema,
  hours: v.number(),
  treasury: v.nullable(v.string()),
});
export type CycleConfigData = v.InferOutput<typeof cycleConfigDataSchema>;

export const cycleJoinRequestSchema = v.object({ ticket_id: recordIdSchema, hash: txHashSchema });
export type CycleJoinRequest = v.InferInput<typeof cycleJoinRequestSchema>;

/**
 * - awaiting_payment: the payment is not confirmed yet;
 * - running: paid; returns at `due_at`;
 * - pending_payout: due, but the pool cannot cover it yet;
 * - paid: principal and profit are in the JU balance;
 * - payment_failed: the chain refused the payment; nothing is owed.
 */
export const cycleStatusSchema = v.picklist([
  'awaiting_payment',
  'running',
  'pending_payout',
  'paid',
  'payment_failed',
]);
export type CycleStatus = v.InferOutput<typeof cycleStatusSchema>;

export const cycleSchema = v.object({
  id: v.string(),
  ticket_id: v.string(),
  status: cycleStatusSchema,
  hash: v.string(),
  paid_in: amountStringSchema,
  principal_return: amountStringSchema,
  profit: amountStringSchema,
  created_at: v.string(),
  started_at: v.nullable(v.string()),
  due_at: v.nullable(v.string()),
  paid_at: v.nullable(v.string()),
});
export type Cycle = v.InferOutput<typeof cycleSchema>;

export const cycleJoinDataSchema = v.object({ payment: chainPaymentSchema, cycle: cycleSchema });
export type CycleJoinData = v.InferOutput<typeof cycleJoinDataSchema>;

export const cycleListQuerySchema = v.object(pageQueryEntries);
export type CycleListQuery = v.InferInput<typeof cycleListQuerySchema>;
export const cycleListDataSchema = pagedList(cycleSchema);
export type CycleListData = v.InferOutput<typeof cycleListDataSchema>;

export const cyclePoolDataSchema = v.object({
  /** JU the pool holds now. */
  funded: amountStringSchema,
  /** Returns of running and pending-payout cycles. */
  owed: amountStringSchema,
  /** Returns already due and waiting for the pool. */
  pending_payout: amountStringSchema,
  pending_payout_count: v.number(),
  /** funded ≥ owed. */
  covered: v.boolean(),
});
export type CyclePoolData = v.InferOutput<typeof cyclePoolDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const cycleEndpoints = {
  config: defineEndpoint({ method: 'GET', path: cyclePaths.config, output: cycleConfigDataSchema }),
  join: defineEndpoint({
    method: 'POST',
    path: cyclePaths.join,
    input: cycleJoinRequestSchema,
    output: cycleJoinDataSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'cycles', 'tickets', 'moneyLog'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: cyclePaths.list,
    input: cycleListQuerySchema,
    output: cycleListDataSchema,
    paged: true,
  }),
  pool: defineEndpoint({ method: 'GET', path: cyclePaths.pool, output: cyclePoolDataSchema }),
};
