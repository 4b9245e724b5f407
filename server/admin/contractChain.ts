// The operator API for payments on the chain (/admin/v1/chain, ticket, cycle, release),
// shared by the server and the admin CLI's `chain`, `ticket`, `cycle` and `release` commands.
import * as v from 'valibot';
import { pagedList } from '../../contract/api/response.ts';
import { ticketApplicationSchema } from '../../contract/api/ticket.ts';
import { cyclePoolDataSchema } from '../../contract/api/cycle.ts';
import { recordIdSchema } from '../../contract/api/withdraw.ts';
import { defineEndpoint } from '../../contract/api/endpoint.ts';

export const adminChainPaths = {
  status: '/admin/v1/chain/status',
  fund: '/admin/v1/chain/fund',
  runJobs: '/admin/v1/chain/runJobs',
  ticketApplications: '/admin/v1/ticket/applications',
  ticketReview: '/admin/v1/ticket/review',
  cycleFund: '/admin/v1/cycle/fund',
  cyclePool: '/admin/v1/cycle/pool',
  releaseFund: '/admin/v1/release/fund',
  releaseAdvance: '/admin/v1/release/advance',
} as const;

const idempotencyKey = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(128),
  v.regex(/^[\x21-\x7e]+$/),
);

export const chainStatusDataSchema = v.object({
  chain_id: v.number(),
  rpc_url: v.string(),
  embedded: v.boolean(),
  reachable: v.boolean(),
  /** The node's chain id, when reachable. */
  node_chain_id: v.nullable(v.number()),
  block_number: v.nullable(v.string()),
  treasury: v.nullable(v.string()),
  treasury_balance: v.nullable(v.string()),
  required_confirmations: v.number(),
  pending_payments: v.number(),
});
export type ChainStatusData = v.InferOutput<typeof chainStatusDataSchema>;

export const chainFundRequestSchema = v.object({
  address: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  amount: v.pipe(v.string(), v.maxLength(64)),
});
export type ChainFundRequest = v.InferInput<typeof chainFundRequestSchema>;
export const chainFundDataSchema = v.object({ address: v.string(), balance: v.string() });
export type ChainFundData = v.InferOutput<typeof chainFundDataSchema>;

/**
 * `at`: run as if it were that time (ISO 8601, later than now) — only against a development
 * chain (Anvil), so a demo or a browser test can see a cycle come due without waiting.
 */
export const chainJobsRequestSchema = v.object({
  at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type ChainJobsRequest = v.InferInput<typeof chainJobsRequestSchema>;

/**
 * A demo's way to see a dividend release without waiting: the user's approved application
 * counts as approved `periods` release periods earlier — only against a development chain.
 */
export const releaseAdvanceRequestSchema = v.object({
  address: v.string(),
  periods: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
});

export const releaseAdvanceDataSchema = v.object({
  address: v.string(),
  /** The application's approval time as it now counts. */
  approved_at: v.string(),
});
export type ReleaseAdvanceData = v.InferOutput<typeof releaseAdvanceDataSchema>;

export const chainJobsDataSchema = v.object({
  decided_payments: v.number(),
  paid_cycles: v.number(),
  waiting_cycles: v.number(),
  expired_orders: v.number(),
});
export type ChainJobsData = v.InferOutput<typeof chainJobsDataSchema>;

export const adminApplicationsQuerySchema = v.object({
  status: v.optional(v.picklist(['pending', 'approved', 'rejected'])),
});
export const adminApplicationSchema = v.object({
  ...ticketApplicationSchema.entries,
  address: v.string(),
});
export const adminApplicationsDataSchema = pagedList(adminApplicationSchema);
export type AdminApplicationsData = v.InferOutput<typeof adminApplicationsDataSchema>;

export const ticketReviewRequestSchema = v.object({
  id: recordIdSchema,
  approve: v.boolean(),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
});
export type TicketReviewRequest = v.InferInput<typeof ticketReviewRequestSchema>;
export const ticketReviewDataSchema = v.object({
  application: ticketApplicationSchema,
  changed: v.boolean(),
});
export type TicketReviewData = v.InferOutput<typeof ticketReviewDataSchema>;

export const poolFundRequestSchema = v.object({
  amount: v.pipe(v.string(), v.maxLength(64)),
  idempotency_key: idempotencyKey,
});
export type PoolFundRequest = v.InferInput<typeof poolFundRequestSchema>;
export const poolFundDataSchema = v.object({
  transfer_id: v.string(),
  amount: v.string(),
  pool_balance: v.string(),
  replayed: v.boolean(),
});
export type PoolFundData = v.InferOutput<typeof poolFundDataSchema>;

export { cyclePoolDataSchema };

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const adminChainEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: adminChainPaths.status,
    auth: 'admin',
    output: chainStatusDataSchema,
  }),
  fund: defineEndpoint({
    method: 'POST',
    path: adminChainPaths.fund,
    auth: 'admin',
    input: chainFundRequestSchema,
    output: chainFundDataSchema,
  }),
  runJobs: defineEndpoint({
    method: 'POST',
    path: adminChainPaths.runJobs,
    auth: 'admin',
    input: chainJobsRequestSchema,
    output: chainJobsDataSchema,
  }),
  ticketApplications: defineEndpoint({
    method: 'GET',
    path: adminChainPaths.ticketApplications,
    auth: 'admin',
    input: adminApplicationsQuerySchema,
    output: adminApplicationsDataSchema,
    paged: true,
  }),
  ticketReview: defineEndpoint({
    method: 'POST',
    path: adminChainPaths.ticketReview,
    auth: 'admin',
    input: ticketReviewRequestSchema,
    output: ticketReviewDataSchema,
  }),
  cycleFund: defineEndpoint({
    method: 'POST',
    path: adminChainPaths.cycleFund,
    auth: 'admin',
    input: poolFundRequestSchema,
    output: poolFundDataSchema,
  }),
  cyclePool: defineEndpoint({
    method: 'GET',
    path: adminChainPaths.cyclePool,
    auth: 'admin',
    output: cyclePoolDataSchema,
  }),
  releaseFund: defineEndpoint({
    method: 'POST',
    path: adminChainPaths.releaseFund,
    auth: 'admin',
    input: poolFundRequestSchema,
    output: poolFundDataSchema,
  }),
  releaseAdvance: defineEndpoint({
    method: 'POST',
    path: adminChainPaths.releaseAdvance,
    auth: 'admin',
    input: releaseAdvanceRequestSchema,
    output: releaseAdvanceDataSchema,
  }),
};
