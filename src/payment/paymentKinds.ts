// What each kind of payment on the chain hands to the server with its hash, in one place, so
// a payment sent from a screen can be handed in from anywhere: after a reload, on another
// screen, or once the network is back. Each call carries the payment's idempotency key, so
// handing the same payment in twice gets the first answer.
import type { ApiClient } from '../api/client.ts';
import { cycleEndpoints } from '../../contract/api/cycle.ts';
import type {
  AnyEndpoint,
  CacheArea,
  EndpointInput,
  EndpointOutput,
} from '../../contract/api/endpoint.ts';
import { nodeEndpoints } from '../../contract/api/node.ts';
import { ticketEndpoints } from '../../contract/api/ticket.ts';
import { type WithdrawApplyRequest, withdrawEndpoints } from '../../contract/api/withdraw.ts';

interface PaymentKindOf<E extends AnyEndpoint, I> {
  endpoint: E;
  /** The call's body: what the screen kept for the payment, and the payment's hash. */
  body: (input: I, hash: string) => EndpointInput<E>;
}

function kind<E extends AnyEndpoint, I>(
  endpoint: E,
  body: (input: I, hash: string) => EndpointInput<E>,
): PaymentKindOf<E, I> {
  return { endpoint, body };
}

export const paymentKinds = {
  ticket: kind(ticketEndpoints.buy, (_input: Record<string, never>, hash) => ({ hash })),
  cycle: kind(cycleEndpoints.join, (input: { ticket_id: string }, hash) => ({
    ticket_id: input.ticket_id,
    hash,
  })),
  node: kind(nodeEndpoints.chainPay, (input: { order_id: string }, hash) => ({
    order_id: input.order_id,
    hash,
  })),
  withdraw_fee: kind(
    withdrawEndpoints.apply,
    (input: Omit<WithdrawApplyRequest, 'fee_hash'>, hash) => ({ ...input, fee_hash: hash }),
  ),
};

type Kinds = typeof paymentKinds;
export type PaymentKind = keyof Kinds;
export type PaymentInput<K extends PaymentKind> = Parameters<Kinds[K]['body']>[0];
export type PaymentAnswer<K extends PaymentKind> = EndpointOutput<Kinds[K]['endpoint']>;

export function isPaymentKind(value: string): value is PaymentKind {
  return Object.hasOwn(paymentKinds, value);
}

/** The cached areas a recorded payment of this kind changes. */
export function paymentChanges(kind: PaymentKind): readonly CacheArea[] {
  return paymentKinds[kind].endpoint.changes;
}

/** What the chain deciding a payment for this purpose changes: what recording it changed; a
 * payment the server credits to the balance (refused after it was paid) moves only that. */
export function decidedPaymentChanges(purpose: string): readonly CacheArea[] {
  return isPaymentKind(purpose) ? paymentChanges(purpose) : ['balances', 'moneyLog'];
}

/** Hands a sent payment in: `input` is what its screen kept for it. */
export function handIn(
  api: ApiClient,
  kind: PaymentKind,
  input: unknown,
  hash: string,
  key: string,
): Promise<PaymentAnswer<PaymentKind>> {
  const { endpoint, body } = paymentKinds[kind] as PaymentKindOf<AnyEndpoint, unknown>;
  const call = api.call as (
    endpoint: AnyEndpoint,
    input: unknown,
    options: { idempotencyKey: string },
  ) => Promise<PaymentAnswer<PaymentKind>>;
  return call(endpoint, body(input, hash), { idempotencyKey: key });
}
