// Withdrawal contract (spec §2, §5): USDT to a TRON (TRC20) address or JU to an EVM
// address. The amount and the fee are held at once; the operator then completes the
// withdrawal on chain (txid) or fails it (the hold returns). POSTs need an Idempotency-Key.
import * as v from 'valibot';
import { amountStringSchema, assetDecimals } from './assets.ts';
import { txHashSchema } from './chain.ts';
import { checkAmountText, evmAddressSchema, tronAddressSchema } from './money.ts';
import type { ApiErrorName } from './errors.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { isTronChecksumTypo } from '../wallet/tronAddress.ts';
import { defineEndpoint } from './endpoint.ts';

export const withdrawPaths = {
  apply: '/api/v1/withdraw/apply',
  list: '/api/v1/withdraw/list',
  config: '/api/v1/withdraw/config',
  /** One of the user's own withdrawals; another user's id answers withdrawal_not_found. */
  detail: '/api/v1/withdraw/detail',
} as const;

/** A record id on the wire: a decimal string of a positive 64-bit integer. */
export const recordIdSchema = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,17}$/, 'Expected a record id'),
);

export const WITHDRAW_COINS = ['USDT', 'JU'] as const;
export const withdrawCoinSchema = v.picklist(
  WITHDRAW_COINS,
  'coin_not_withdrawable' satisfies ApiErrorName,
);
export type WithdrawCoin = v.InferOutput<typeof withdrawCoinSchema>;

/** Which address rules apply: USDT goes out on TRC20, JU on the JU chain (EVM). */
export const WITHDRAW_ADDRESS_SCHEMAS = {
  USDT: tronAddressSchema,
  JU: evmAddressSchema,
} as const satisfies Record<WithdrawCoin, v.GenericSchema>;

/**
 * POST apply. `amount` is what arrives at the address; the fee is taken on top, so the
 * user needs amount + fee available. The minimum applies to `amount`.
 */
export const withdrawApplyRequestSchema = v.pipe(
  v.object({
    coin: withdrawCoinSchema,
    address: v.pipe(v.string(), v.maxLength(64)),
    amount: v.pipe(v.string(), v.maxLength(64)),
    /**
     * JU only, where the server takes payments on chain: the hash of the network fee paid
     * from the wallet to the treasury (the fee is then not taken from the balance).
     */
    fee_hash: v.optional(txHashSchema),
  }),
  v.forward(
    v.check(
      ({ coin, address }) => v.is(WITHDRAW_ADDRESS_SCHEMAS[coin], address),
      (issue) => {
        const { coin, address } = issue.input as { coin: WithdrawCoin; address: string };
        if (coin !== 'USDT') return 'invalid_address';
        return isTronChecksumTypo(address) ? 'tron_address_checksum' : 'invalid_tron_address';
      },
    ),
    ['address'],
  ),
  v.forward(
    v.check(
      ({ coin, amount }) => checkAmountText(amount, assetDecimals(coin)).ok,
      (issue) => {
        const { coin, amount } = issue.input as { coin: WithdrawCoin; amount: string };
        const check = checkAmountText(amount, assetDecimals(coin));
        return check.ok ? 'invalid_amount' : check.error;
      },
    ),
    ['amount'],
  ),
);
export type WithdrawApplyRequest = v.InferInput<typeof withdrawApplyRequestSchema>;

/**
 * - processing: held, waiting for the operator to send it on chain;
 * - completed: sent; `txid` and `explorer_url` say where;
 * - failed: not sent; amount and fee returned to the available balance;
 * - unknown: the chain's answer is not known yet (the operator is checking).
 */
export const withdrawStatusSchema = v.picklist(['processing', 'completed', 'failed', 'unknown']);
export type WithdrawStatus = v.InferOutput<typeof withdrawStatusSchema>;

export const withdrawalSchema = v.object({
  id: v.string(),
  coin: withdrawCoinSchema,
  network: v.string(),
  address: v.string(),
  amount: amountStringSchema,
  /** What the user paid for the withdrawal: held from the balance on top of the amount, or,
   * where the JU network fee is paid on chain, sent from the wallet (`fee_on_chain`). */
  fee: amountStringSchema,
  fee_on_chain: v.boolean(),
  status: withdrawStatusSchema,
  created_at: v.string(),
  /** When it completed or failed. */
  finished_at: v.nullable(v.string()),
  txid: v.nullable(v.string()),
  explorer_url: v.nullable(v.string()),
  /** An error name for the server's own reasons (ju_fee_payment_failed); else the operator's words. */
  failure_reason: v.nullable(v.string()),
  /**
   * A withdrawal not sent whose JU network fee was paid from the wallet: the fee 'returned' to
   * the JU balance, 'returned_when_confirmed' once the chain confirms the payment, or
   * 'not_taken' (the chain refused the payment). Null otherwise.
   */
  fee_outcome: v.nullable(v.picklist(['returned', 'returned_when_confirmed', 'not_taken'])),
});
export type Withdrawal = v.InferOutput<typeof withdrawalSchema>;

export const withdrawApplyDataSchema = withdrawalSchema;
export type WithdrawApplyData = Withdrawal;

export const withdrawListQuerySchema = v.object({
  ...pageQueryEntries,
  coin: v.optional(withdrawCoinSchema),
});
export type WithdrawListQuery = v.InferInput<typeof withdrawListQuerySchema>;

export const withdrawDetailQuerySchema = v.object({ id: recordIdSchema });
export type WithdrawDetailQuery = v.InferInput<typeof withdrawDetailQuerySchema>;

export const withdrawListDataSchema = pagedList(withdrawalSchema);
export type WithdrawListData = v.InferOutput<typeof withdrawListDataSchema>;

/** GET config: the notice on the withdrawal form, from the server's settings. */
export const withdrawCoinConfigSchema = v.object({
  coin: withdrawCoinSchema,
  /** Shown to the user, e.g. 'TRC20'. */
  network: v.string(),
  fee: amountStringSchema,
  minimum: amountStringSchema,
  processing_hours: v.number(),
});
export type WithdrawCoinConfig = v.InferOutput<typeof withdrawCoinConfigSchema>;

export const withdrawConfigDataSchema = v.object({ coins: v.array(withdrawCoinConfigSchema) });
export type WithdrawConfigData = v.InferOutput<typeof withdrawConfigDataSchema>;

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const withdrawEndpoints = {
  apply: defineEndpoint({
    method: 'POST',
    path: withdrawPaths.apply,
    input: withdrawApplyRequestSchema,
    output: withdrawApplyDataSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['balances', 'moneyLog', 'withdrawals'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: withdrawPaths.list,
    input: withdrawListQuerySchema,
    output: withdrawListDataSchema,
    paged: true,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: withdrawPaths.detail,
    input: withdrawDetailQuerySchema,
    output: withdrawalSchema,
  }),
  config: defineEndpoint({
    method: 'GET',
    path: withdrawPaths.config,
    output: withdrawConfigDataSchema,
  }),
};
