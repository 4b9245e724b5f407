// On-chain payments (issue 8): the user pays the treasury in native JU from their wallet,
// then hands the transaction hash to the server, which checks it against the chain
// (success, sender, recipient, value, chain, confirmations) and accepts each hash once.
// Every feature that is paid on chain (tickets, cycles, nodes, the JU withdrawal fee)
// answers with the same payment record, so the app shows one 'payment processing' state.
import * as v from 'valibot';
import { amountStringSchema } from './assets.ts';
import type { ApiErrorName } from './errors.ts';

export const chainPaths = {
  /** GET `?hash=`: one of the user's own payments, to follow a pending one. */
  payment: '/api/v1/chain/payment',
  /** GET: the treasury and the price of everything paid on chain, for the payment screens. */
  info: '/api/v1/chain/info',
} as const;

/** `0x` + 64 hex digits: the length of an EVM transaction hash. */
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** A transaction hash as typed: required, then exactly `0x` + 64 hex (too short is refused). */
export const txHashSchema = v.pipe(
  v.optional(v.string('tx_hash_required' satisfies ApiErrorName), ''),
  v.trim(),
  v.minLength(1, 'tx_hash_required' satisfies ApiErrorName),
  v.maxLength(66, 'tx_hash_invalid' satisfies ApiErrorName),
  v.regex(TX_HASH_PATTERN, 'tx_hash_invalid' satisfies ApiErrorName),
  v.toLowerCase(),
);

/**
 * Set to true in a refusal's `data` when JU was already paid on chain for the refused
 * request: that JU goes to the payer's in-app balance instead, once the chain confirms it.
 */
export const PAID_TO_BALANCE_FIELD = 'paid_to_balance';

export function isPaidToBalance(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as Record<string, unknown>)[PAID_TO_BALANCE_FIELD] === true
  );
}

/** What a payment was for. */
/**
 * 'balance_credit': a payment the chain accepted for something the server then refused; its
 * JU is credited to the payer's balance once confirmed (nothing paid to the treasury is lost).
 */
export const paymentPurposeSchema = v.picklist([
  'ticket',
  'cycle',
  'node',
  'withdraw_fee',
  'balance_credit',
]);
export type PaymentPurpose = v.InferOutput<typeof paymentPurposeSchema>;

/**
 * - pending: the node has not seen it yet or it has too few confirmations; the server checks
 *   again by itself (the app may poll `payment`);
 * - confirmed: verified on chain; what it paid for is granted;
 * - rejected: the chain says it is not the payment asked for (`failure` says why), or it
 *   was never seen within the server's waiting time.
 */
export const paymentStatusSchema = v.picklist(['pending', 'confirmed', 'rejected']);
export type PaymentStatus = v.InferOutput<typeof paymentStatusSchema>;

/** Why the chain's answer was not the payment asked for; each is a catalogue error name. */
export const PAYMENT_FAILURES = [
  'payment_reverted',
  'payment_wrong_sender',
  'payment_wrong_recipient',
  'payment_wrong_amount',
  'payment_wrong_chain',
  'payment_not_found',
] as const satisfies readonly ApiErrorName[];
export const paymentFailureSchema = v.picklist(PAYMENT_FAILURES);
export type PaymentFailure = v.InferOutput<typeof paymentFailureSchema>;

export const chainPaymentSchema = v.object({
  id: v.string(),
  hash: v.string(),
  purpose: paymentPurposeSchema,
  /** JU the payment must carry. */
  amount: amountStringSchema,
  status: paymentStatusSchema,
  failure: v.nullable(paymentFailureSchema),
  /** Seen so far (0 while the node has not seen it). */
  confirmations: v.number(),
  required_confirmations: v.number(),
  created_at: v.string(),
  confirmed_at: v.nullable(v.string()),
  explorer_url: v.nullable(v.string()),
});
export type ChainPayment = v.InferOutput<typeof chainPaymentSchema>;

export const chainPaymentQuerySchema = v.object({ hash: txHashSchema });
export type ChainPaymentQuery = v.InferInput<typeof chainPaymentQuerySchema>;

export const chainInfoDataSchema = v.object({
  chain_id: v.number(),
  /** Where payments go (EIP-55); null when the server takes no payments on chain. */
  treasury: v.nullable(v.string()),
  required_confirmations: v.number(),
  prices: v.object({
    ticket: amountStringSchema,
    /** Cycle amount plus the activation extra. */
    cycle: amountStringSchema,
    node: amountStringSchema,
    withdraw_fee: amountStringSchema,
  }),
});
export type ChainInfoData = v.InferOutput<typeof chainInfoDataSchema>;

/** A request paid on chain: the hash of the mined payment. */
export const paidByHashSchema = v.object({ hash: txHashSchema });
export type PaidByHash = v.InferInput<typeof paidByHashSchema>;
