// On-chain payments (issue 8): the user pays the treasury in native JU from their wallet,
// and the app hands the transaction hash to the server as soon as the wallet returns it.
// The server checks it against the chain (sender, recipient, value and chain as soon as the
// node knows the transaction; then success and confirmations) and accepts each hash once: a
// payment belongs to the wallet that sent it.
// Every feature that is paid on chain (tickets, cycles, nodes, the JU withdrawal fee)
// answers with the same payment record, so the app shows one 'payment processing' state.
import * as v from 'valibot';
import { amountStringSchema } from './assets.ts';
import type { ApiErrorName } from './errors.ts';
import { pagedList, pageQueryEntries } from './response.ts';
import { SIGNATURE_HEX } from '../wallet/addressShape.ts';
import { defineEndpoint } from './endpoint.ts';

export const chainPaths = {
  /** GET `?hash=`: one of the user's own payments, to follow a pending one. */
  payment: '/api/v1/chain/payment',
  /** GET: the user's payments, newest first; `status=pending` for those still in progress. */
  payments: '/api/v1/chain/payments',
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
 * - pending: in the node's pool or under too few blocks yet; the server checks again by
 *   itself (the app may poll `payment`, which also looks at the chain again);
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
  'payment_cancelled',
] as const satisfies readonly ApiErrorName[];
export const paymentFailureSchema = v.picklist(PAYMENT_FAILURES);
export type PaymentFailure = v.InferOutput<typeof paymentFailureSchema>;

export const chainPaymentSchema = v.object({
  id: v.string(),
  /** The hash the user handed in. */
  hash: v.string(),
  /** The transaction the chain mined in its place, when the wallet sped it up. */
  mined_hash: v.nullable(v.string()),
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

export const chainPaymentsQuerySchema = v.object({
  ...pageQueryEntries,
  status: v.optional(paymentStatusSchema),
});
export type ChainPaymentsQuery = v.InferInput<typeof chainPaymentsQuerySchema>;
export const chainPaymentsDataSchema = pagedList(chainPaymentSchema);
export type ChainPaymentsData = v.InferOutput<typeof chainPaymentsDataSchema>;

/**
 * The text a wallet signs (EIP-191 personal_sign) to let a JU Wallet account claim a payment
 * that wallet sent: a payment is claimed only by its sender, or with its sender's word.
 * Every value is written in lower case, so both sides build the same text.
 */
export function paymentClaimMessage(claim: {
  hash: string;
  sender: string;
  account: string;
  chainId: number;
}): string {
  return [
    'JU Wallet payment claim',
    `I sent the transaction ${claim.hash.toLowerCase()}`,
    `from ${claim.sender.toLowerCase()}`,
    `and let the JU Wallet account ${claim.account.toLowerCase()} claim it.`,
    `Chain ID: ${claim.chainId}`,
  ].join('\n');
}

/** A signature (0x + 65 bytes) by another wallet of the user's, claiming a payment it sent. */
export const payerClaimSchema = v.pipe(
  v.string(),
  v.regex(SIGNATURE_HEX, 'payment_claim_invalid' satisfies ApiErrorName),
);

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

/** Every endpoint of this area, described once (api/endpoint.ts). */
export const chainEndpoints = {
  payment: defineEndpoint({
    method: 'GET',
    path: chainPaths.payment,
    input: chainPaymentQuerySchema,
    output: chainPaymentSchema,
  }),
  payments: defineEndpoint({
    method: 'GET',
    path: chainPaths.payments,
    input: chainPaymentsQuerySchema,
    output: chainPaymentsDataSchema,
    paged: true,
  }),
  info: defineEndpoint({ method: 'GET', path: chainPaths.info, output: chainInfoDataSchema }),
};
