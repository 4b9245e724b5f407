// Ticket dividend release (spec §2 `/enuRelease`, §7 neuRelease*): an approved ticket
// dividend application grants a release total (the historical balance times the exchange
// rate), released on the operator's schedule; what is released can be transferred into the
// JU balance, paid from the funded release pool.
import * as v from 'valibot';
import { amountStringSchema, assetDecimals } from './assets.ts';
import { amountSchema } from './money.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { defineEndpoint } from './endpoint.ts';

export const releasePaths = {
  summary: '/api/v1/user/neuRelease',
  log: '/api/v1/user/neuReleaseLog',
  transfer: '/api/v1/user/neuReleaseTransfer',
  transferLog: '/api/v1/user/neuReleaseTransferLog',
} as const;

/** none: nothing to release (no approved application); releasing; completed: all released. */
export const releaseStatusSchema = v.picklist(['none', 'releasing', 'completed']);
export type ReleaseStatus = v.InferOutput<typeof releaseStatusSchema>;

export const releaseSummarySchema = v.object({
  /** What the approved tickets were worth (JU). */
  historical_balance: amountStringSchema,
  /** JU released per JU of historical balance. */
  exchange_rate: amountStringSchema,
  /** historical balance × exchange rate. */
  cumulative_total: amountStringSchema,
  released_total: amountStringSchema,
  remaining_total: amountStringSchema,
  /** Released but not yet moved into the JU balance. */
  transferable: amountStringSchema,
  transferred_total: amountStringSchema,
  /** 0–100, two decimals. */
  progress_percent: amountStringSchema,
  status: releaseStatusSchema,
  /** Percent of the total released each period, and the period length. */
  percent_per_period: amountStringSchema,
  period_hours: v.number(),
  next_release_at: v.nullable(v.string()),
});
export type ReleaseSummary = v.InferOutput<typeof releaseSummarySchema>;

export const releaseLogRowSchema = v.object({
  /** Which period (1 = the first after approval). */
  period: v.number(),
  amount: amountStringSchema,
  released_at: v.string(),
});
export type ReleaseLogRow = v.InferOutput<typeof releaseLogRowSchema>;
export const releaseLogQuerySchema = v.object(pageQueryEntries);
export const releaseLogDataSchema = pagedList(releaseLogRowSchema);
export type ReleaseLogData = v.InferOutput<typeof releaseLogDataSchema>;

/** POST neuReleaseTransfer (Idempotency-Key): move released JU into the balance. */
export const releaseTransferRequestSchema = v.object({
  amount: amountSchema(assetDecimals('JU')),
});
export type ReleaseTransferRequest = v.InferInput<typeof releaseTransferRequestSchema>;

export const releaseTransferRowSchema = v.object({
  id: v.string(),
  amount: amountStringSchema,
  status: v.literal('success'),
  created_at: v.string(),
});
export type ReleaseTransferRow = v.InferOutput<typeof releaseTransferRowSchema>;
export const releaseTransferDataSchema = releaseTransferRowSchema;
export const releaseTransferLogQuerySchema = v.object(pageQueryEntries);
export const releaseTransferLogDataSchema = pagedList(releaseTransferRowSchema);
export type ReleaseTransferLogData = v.InferOutput<typeof releaseTransferLogDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const releaseEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: releasePaths.summary,
    output: releaseSummarySchema,
  }),
  log: defineEndpoint({
    method: 'GET',
    path: releasePaths.log,
    input: releaseLogQuerySchema,
    output: releaseLogDataSchema,
    paged: true,
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: releasePaths.transfer,
    input: releaseTransferRequestSchema,
    output: releaseTransferRowSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'release', 'moneyLog'],
  }),
  transferLog: defineEndpoint({
    method: 'GET',
    path: releasePaths.transferLog,
    input: releaseTransferLogQuerySchema,
    output: releaseTransferLogDataSchema,
    paged: true,
  }),
};
