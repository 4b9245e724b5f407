// The operator API under /admin/v1, shared by the server and the admin CLI. It is not part
// of the app's contract (contract/api): only operators holding the admin token use it.
import * as v from 'valibot';
import { balancesSchema } from '../../contract/api/assets.ts';
import { pagedList } from '../../contract/api/response.ts';
import {
  recordIdSchema,
  withdrawalSchema,
  withdrawStatusSchema,
} from '../../contract/api/withdraw.ts';
import { defineEndpoint } from '../../contract/api/endpoint.ts';
import { withOwnerAddress } from './ownerAddress.ts';

export const adminPaths = {
  users: '/admin/v1/users',
  credit: '/admin/v1/credit',
  withdrawals: '/admin/v1/withdrawals',
  withdrawalComplete: '/admin/v1/withdrawals/complete',
  withdrawalFail: '/admin/v1/withdrawals/fail',
  withdrawalUnknown: '/admin/v1/withdrawals/unknown',
  ledgerCheck: '/admin/v1/ledger/check',
} as const;

const pageNumber = (fallback: string, max: number) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.regex(/^\d{1,9}$/, 'Expected a whole number'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(max),
  );

export const adminUsersQuerySchema = v.object({
  page: pageNumber('1', 1_000_000_000),
  page_size: pageNumber('100', 1000),
});

export const adminUserSchema = v.object({
  id: v.string(),
  address: v.string(),
  invite_code: v.string(),
  referrer_address: v.nullable(v.string()),
  created_at: v.string(),
  balances: balancesSchema,
});
export type AdminUser = v.InferOutput<typeof adminUserSchema>;

export const adminUsersDataSchema = pagedList(adminUserSchema);
export type AdminUsersData = v.InferOutput<typeof adminUsersDataSchema>;

export const creditRequestSchema = v.object({
  address: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  asset: v.pipe(v.string(), v.maxLength(16)),
  amount: v.pipe(v.string(), v.maxLength(64)),
  /** Retrying with the same key and body repeats nothing; printable ASCII, no spaces. */
  idempotency_key: v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.regex(/^[\x21-\x7e]+$/)),
});
export type CreditRequest = v.InferInput<typeof creditRequestSchema>;

export const creditDataSchema = v.object({
  transfer_id: v.string(),
  idempotency_key: v.string(),
  address: v.string(),
  asset: v.string(),
  amount: v.string(),
  /** The user's balance of `asset` right after this credit. */
  balance_after: v.string(),
  created_at: v.string(),
});
export type CreditData = v.InferOutput<typeof creditDataSchema>;

export const adminWithdrawalsQuerySchema = v.object({
  page: pageNumber('1', 1_000_000_000),
  page_size: pageNumber('100', 1000),
  status: v.optional(withdrawStatusSchema),
});

export const adminWithdrawalSchema = withOwnerAddress(withdrawalSchema);
export type AdminWithdrawal = v.InferOutput<typeof adminWithdrawalSchema>;

export const adminWithdrawalsDataSchema = pagedList(adminWithdrawalSchema);
export type AdminWithdrawalsData = v.InferOutput<typeof adminWithdrawalsDataSchema>;

/** The chain transaction that paid the withdrawal out: printable ASCII, no spaces. */
export const withdrawalCompleteRequestSchema = v.object({
  id: recordIdSchema,
  txid: v.pipe(v.string(), v.minLength(1), v.maxLength(128), v.regex(/^[\x21-\x7e]+$/)),
});
export type WithdrawalCompleteRequest = v.InferInput<typeof withdrawalCompleteRequestSchema>;

/** Why it failed, shown to the user. The hold goes back to their available balance. */
export const withdrawalFailRequestSchema = v.object({
  id: recordIdSchema,
  reason: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
});
export type WithdrawalFailRequest = v.InferInput<typeof withdrawalFailRequestSchema>;

/** The chain's answer is uncertain: shown as 'unknown'; the hold stays until complete/fail. */
export const withdrawalUnknownRequestSchema = v.object({ id: recordIdSchema });
export type WithdrawalUnknownRequest = v.InferInput<typeof withdrawalUnknownRequestSchema>;

export const withdrawalFinishDataSchema = v.object({
  withdrawal: withdrawalSchema,
  /** False when the withdrawal already had this outcome (a repeated command). */
  changed: v.boolean(),
});
export type WithdrawalFinishData = v.InferOutput<typeof withdrawalFinishDataSchema>;

export const ledgerCheckDataSchema = v.object({
  ok: v.boolean(),
  accounts: v.number(),
  transfers: v.number(),
  assets: v.array(
    v.object({
      asset: v.string(),
      /** Decimal strings: the sum of every account (0 when healthy) and the sum per kind. */
      total: v.string(),
      by_kind: v.record(v.string(), v.string()),
    }),
  ),
  problems: v.array(v.string()),
});
export type LedgerCheckData = v.InferOutput<typeof ledgerCheckDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const adminEndpoints = {
  users: defineEndpoint({
    method: 'GET',
    path: adminPaths.users,
    auth: 'admin',
    input: adminUsersQuerySchema,
    output: adminUsersDataSchema,
    paged: true,
  }),
  credit: defineEndpoint({
    method: 'POST',
    path: adminPaths.credit,
    auth: 'admin',
    input: creditRequestSchema,
    output: creditDataSchema,
  }),
  withdrawals: defineEndpoint({
    method: 'GET',
    path: adminPaths.withdrawals,
    auth: 'admin',
    input: adminWithdrawalsQuerySchema,
    output: adminWithdrawalsDataSchema,
    paged: true,
  }),
  withdrawalComplete: defineEndpoint({
    method: 'POST',
    path: adminPaths.withdrawalComplete,
    auth: 'admin',
    input: withdrawalCompleteRequestSchema,
    output: withdrawalFinishDataSchema,
  }),
  withdrawalFail: defineEndpoint({
    method: 'POST',
    path: adminPaths.withdrawalFail,
    auth: 'admin',
    input: withdrawalFailRequestSchema,
    output: withdrawalFinishDataSchema,
  }),
  withdrawalUnknown: defineEndpoint({
    method: 'POST',
    path: adminPaths.withdrawalUnknown,
    auth: 'admin',
    input: withdrawalUnknownRequestSchema,
    output: withdrawalFinishDataSchema,
  }),
  ledgerCheck: defineEndpoint({
    method: 'GET',
    path: adminPaths.ledgerCheck,
    auth: 'admin',
    output: ledgerCheckDataSchema,
  }),
};
