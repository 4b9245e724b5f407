// Tickets (spec §2, §4, §5, §9): bought on chain for the ticket price, valid until 3 days
// pass without an operation (buying it, joining or finishing a cycle with it); the ticket
// dividend application by purchase hash; and the ticket source log (`/enuFrom`).
import * as v from 'valibot';
import { amountStringSchema } from './assets.ts';
import { chainPaymentSchema, paidByHashSchema, payerClaimSchema, txHashSchema } from './chain.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { defineEndpoint } from './endpoint.ts';

export const ticketPaths = {
  config: '/api/v1/ticket/config',
  /** POST `{hash}`: a mined payment of the ticket price to the treasury. */
  buy: '/api/v1/ticket/buy',
  mine: '/api/v1/ticket/mine',
  apply: '/api/v1/user/applyTicketDividend',
  applyList: '/api/v1/user/applyTicketDividendList',
  /** The ticket source log (`/enuFrom`). */
  sourceLog: '/api/v1/ticket/sourceLog',
} as const;

export const ticketBuyRequestSchema = paidByHashSchema;
export type TicketBuyRequest = v.InferInput<typeof ticketBuyRequestSchema>;

/**
 * - pending_payment: the purchase is not confirmed on chain yet;
 * - valid: usable to join a cycle until `expires_at`;
 * - in_cycle: a cycle runs with it (no idle clock meanwhile);
 * - invalidated: idle for too long, or its payment was rejected.
 */
export const ticketStatusSchema = v.picklist([
  'pending_payment',
  'valid',
  'in_cycle',
  'invalidated',
]);
export type TicketStatus = v.InferOutput<typeof ticketStatusSchema>;

export const ticketSchema = v.object({
  id: v.string(),
  status: ticketStatusSchema,
  price: amountStringSchema,
  hash: v.string(),
  bought_at: v.string(),
  last_operation_at: v.string(),
  /** When it is invalidated unless used; null while pending or in a cycle or once invalid. */
  expires_at: v.nullable(v.string()),
});
export type Ticket = v.InferOutput<typeof ticketSchema>;

export const ticketBuyDataSchema = v.object({
  payment: chainPaymentSchema,
  /** The ticket (pending_payment until the payment is confirmed). */
  ticket: ticketSchema,
});
export type TicketBuyData = v.InferOutput<typeof ticketBuyDataSchema>;

export const ticketListQuerySchema = v.object(pageQueryEntries);
export type TicketListQuery = v.InferInput<typeof ticketListQuerySchema>;
export const ticketListDataSchema = pagedList(ticketSchema);
export type TicketListData = v.InferOutput<typeof ticketListDataSchema>;

/**
 * POST applyTicketDividend: the hash of the ticket purchase (made here or elsewhere), and for a
 * purchase sent from another of the user's wallets, that wallet's signed claim
 * (`paymentClaimMessage`).
 */
export const ticketApplyRequestSchema = v.object({
  hash: txHashSchema,
  payer_claim: v.optional(payerClaimSchema),
});
export type TicketApplyRequest = v.InferInput<typeof ticketApplyRequestSchema>;

/** pending = pending review. 'unknown' is the app's fallback for anything else. */
export const ticketApplicationStatusSchema = v.picklist([
  'pending',
  'approved',
  'rejected',
  'unknown',
]);
export type TicketApplicationStatus = v.InferOutput<typeof ticketApplicationStatusSchema>;

export const ticketApplicationSchema = v.object({
  id: v.string(),
  hash: v.string(),
  status: ticketApplicationStatusSchema,
  created_at: v.string(),
  reviewed_at: v.nullable(v.string()),
  /** Why the operator or the chain refused it. */
  reason: v.nullable(v.string()),
});
export type TicketApplication = v.InferOutput<typeof ticketApplicationSchema>;

export const ticketConfigDataSchema = v.object({
  price: amountStringSchema,
  /** Days without an operation after which a ticket is invalidated. */
  idle_days: v.number(),
  treasury: v.nullable(v.string()),
  /** The user's one live dividend application (pending or approved): no form while it lives. */
  live_application: v.nullable(ticketApplicationSchema),
  /**
   * The hash of the user's latest ticket purchase they could apply for the dividend with;
   * null while they hold an application, or without a purchase.
   */
  unapplied_hash: v.nullable(v.string()),
});
export type TicketConfigData = v.InferOutput<typeof ticketConfigDataSchema>;

export const ticketApplyDataSchema = ticketApplicationSchema;
export type TicketApplyData = TicketApplication;

export const ticketApplyListQuerySchema = v.object(pageQueryEntries);
export type TicketApplyListQuery = v.InferInput<typeof ticketApplyListQuerySchema>;
export const ticketApplyListDataSchema = pagedList(ticketApplicationSchema);
export type TicketApplyListData = v.InferOutput<typeof ticketApplyListDataSchema>;

/** Where a ticket (and its dividend) came from. */
export const ticketSourceSchema = v.picklist(['chain_purchase', 'dividend_application']);
export const ticketSourceRowSchema = v.object({
  id: v.string(),
  source: ticketSourceSchema,
  hash: v.string(),
  amount: amountStringSchema,
  status: v.string(),
  created_at: v.string(),
});
export type TicketSourceRow = v.InferOutput<typeof ticketSourceRowSchema>;
export const ticketSourceLogQuerySchema = v.object(pageQueryEntries);
export const ticketSourceLogDataSchema = pagedList(ticketSourceRowSchema);
export type TicketSourceLogData = v.InferOutput<typeof ticketSourceLogDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const ticketEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: ticketPaths.config,
    output: ticketConfigDataSchema,
  }),
  buy: defineEndpoint({
    method: 'POST',
    path: ticketPaths.buy,
    input: ticketBuyRequestSchema,
    output: ticketBuyDataSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'tickets', 'moneyLog', 'userInfo'],
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: ticketPaths.mine,
    input: ticketListQuerySchema,
    output: ticketListDataSchema,
    paged: true,
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: ticketPaths.apply,
    input: ticketApplyRequestSchema,
    output: ticketApplyDataSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'tickets', 'release'],
  }),
  applyList: defineEndpoint({
    method: 'GET',
    path: ticketPaths.applyList,
    input: ticketApplyListQuerySchema,
    output: ticketApplyListDataSchema,
    paged: true,
  }),
  sourceLog: defineEndpoint({
    method: 'GET',
    path: ticketPaths.sourceLog,
    input: ticketSourceLogQuerySchema,
    output: ticketSourceLogDataSchema,
    paged: true,
  }),
};
