// Wallet contract (spec §2 "Wallet", §4): balances, the money log and the income record.
import * as v from 'valibot';
import { amountStringSchema, assetCodeSchema } from './assets.ts';
import { moneyStatusSchema } from './money.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { defineEndpoint } from './endpoint.ts';

export const walletPaths = {
  wallet: '/api/v1/user/wallet',
  moneyLog: '/api/v1/user/moneyLog',
  incomeList: '/api/v1/user/incomeList',
} as const;

/** One asset: `available` can be spent; `frozen` is held for withdrawals in progress. */
export const walletBalanceSchema = v.object({
  coin: assetCodeSchema,
  available: amountStringSchema,
  frozen: amountStringSchema,
});
export type WalletBalance = v.InferOutput<typeof walletBalanceSchema>;

/** GET wallet: one row per asset, always all three (JU, USDT, TICKET), in that order. */
export const walletDataSchema = v.object({ balances: v.array(walletBalanceSchema) });
export type WalletData = v.InferOutput<typeof walletDataSchema>;

/**
 * What moved the money. Later features add their own (referral rewards, dividends…).
 * - deposit: credited by the operator;
 * - transfer_out / transfer_in: tickets sent to / received from another user;
 * - withdraw: funds (amount plus fee) taken for a withdrawal; its status follows the
 *   withdrawal (pending while processing, success once completed, failed if it failed);
 * - withdraw_refund: a failed withdrawal's amount and fee returned to the user;
 * - cycle_return: a mutual-aid cycle's principal and profit paid back from the pool;
 * - release: released ticket dividend moved into the balance;
 * - node_purchase: a node paid from the balance;
 * - card_fee / card_fee_refund: a card application's fee, and its return when rejected;
 * - card_recharge / card_recharge_refund: a card recharge (amount plus fee), and its return
 *   when the recharge fails;
 * - card_balance_return: the balance of a card reported lost or stolen, back in USDT;
 * - payment_credit: JU paid on chain for something the server refused, credited back.
 */
export const MONEY_LOG_TYPES = [
  'deposit',
  'transfer_out',
  'transfer_in',
  'withdraw',
  'withdraw_refund',
  'cycle_return',
  'release',
  'node_purchase',
  'card_fee',
  'card_fee_refund',
  'card_recharge',
  'card_recharge_refund',
  'card_balance_return',
  'payment_credit',
] as const;
export const moneyLogTypeSchema = v.picklist(MONEY_LOG_TYPES);
export type MoneyLogType = v.InferOutput<typeof moneyLogTypeSchema>;

/** GET moneyLog: optional filters by coin and type, newest first. */
export const moneyLogQuerySchema = v.object({
  ...pageQueryEntries,
  coin: v.optional(assetCodeSchema),
  type: v.optional(moneyLogTypeSchema),
});
export type MoneyLogQuery = v.InferInput<typeof moneyLogQuerySchema>;

export const moneyLogRowSchema = v.object({
  id: v.string(),
  type: moneyLogTypeSchema,
  coin: assetCodeSchema,
  /** Signed: negative left the user's available balance, positive arrived. */
  amount: amountStringSchema,
  status: moneyStatusSchema,
  created_at: v.string(),
  // Detail, shown when a row is opened:
  /** Available balance right after this movement. */
  balance_after: amountStringSchema,
  /** The other user of a ticket transfer, or the withdrawal's destination address. */
  counterparty: v.nullable(v.string()),
  /** For a withdrawal: the fee included in `amount`; null when none was taken from the balance. */
  fee: v.nullable(amountStringSchema),
  remark: v.string(),
  transfer_id: v.nullable(v.string()),
  withdrawal_id: v.nullable(v.string()),
});
export type MoneyLogRow = v.InferOutput<typeof moneyLogRowSchema>;

export const moneyLogDataSchema = pagedList(moneyLogRowSchema);
export type MoneyLogData = v.InferOutput<typeof moneyLogDataSchema>;

/**
 * Income: money the platform credited to the user: operator deposits ('deposit'), mutual-aid
 * cycle returns ('cycle_payout') and released ticket dividends ('release_transfer'). Tickets
 * received from another user are not income (they are in the transfer records), nor are
 * refunds (the user's own money coming back).
 */
export const INCOME_KINDS = ['deposit', 'cycle_payout', 'release_transfer'] as const;
export const incomeKindSchema = v.picklist(INCOME_KINDS);
export type IncomeKind = v.InferOutput<typeof incomeKindSchema>;

export const incomeQuerySchema = v.object({
  ...pageQueryEntries,
  coin: v.optional(assetCodeSchema),
});
export type IncomeQuery = v.InferInput<typeof incomeQuerySchema>;

export const incomeRowSchema = v.object({
  id: v.string(),
  kind: incomeKindSchema,
  coin: assetCodeSchema,
  /** Positive. */
  amount: amountStringSchema,
  remark: v.string(),
  created_at: v.string(),
});
export type IncomeRow = v.InferOutput<typeof incomeRowSchema>;

export const incomeDataSchema = pagedList(incomeRowSchema);
export type IncomeData = v.InferOutput<typeof incomeDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const walletEndpoints = {
  wallet: defineEndpoint({ method: 'GET', path: walletPaths.wallet, output: walletDataSchema }),
  moneyLog: defineEndpoint({
    method: 'GET',
    path: walletPaths.moneyLog,
    input: moneyLogQuerySchema,
    output: moneyLogDataSchema,
    paged: true,
  }),
  incomeList: defineEndpoint({
    method: 'GET',
    path: walletPaths.incomeList,
    input: incomeQuerySchema,
    output: incomeDataSchema,
    paged: true,
  }),
};
