// What each kind of payment on the chain hands to the server with its hash, in one place, so
// a payment sent from a screen can be handed in from anywhere: after a reload, on another
// screen, or once the network is back. Each call carries the payment's idempotency key, so
// handing the same payment in twice gets the first answer.
import type { ApiClient } from '../../api/client.ts';
import type { WithdrawApplyRequest } from '../../api/withdraw.ts';
import { postCycleJoin } from '../../state/queries/cycle.ts';
import { postWithdraw } from '../../state/queries/money.ts';
import { postNodeChainPay } from '../../state/queries/node.ts';
import { postTicketBuy } from '../../state/queries/ticket.ts';

export const paymentKinds = {
  ticket: (api: ApiClient, _input: Record<string, never>, hash: string, key: string) =>
    postTicketBuy(api, { hash }, key),
  cycle: (api: ApiClient, input: { ticket_id: string }, hash: string, key: string) =>
    postCycleJoin(api, { ticket_id: input.ticket_id, hash }, key),
  node: (api: ApiClient, input: { order_id: string }, hash: string, key: string) =>
    postNodeChainPay(api, { order_id: input.order_id, hash }, key),
  withdraw_fee: (
    api: ApiClient,
    input: Omit<WithdrawApplyRequest, 'fee_hash'>,
    hash: string,
    key: string,
  ) => postWithdraw(api, { ...input, fee_hash: hash }, key),
};

export type PaymentKind = keyof typeof paymentKinds;
export type PaymentInput<K extends PaymentKind> = Parameters<(typeof paymentKinds)[K]>[1];
export type PaymentAnswer<K extends PaymentKind> = Awaited<ReturnType<(typeof paymentKinds)[K]>>;

export function isPaymentKind(value: string): value is PaymentKind {
  return Object.hasOwn(paymentKinds, value);
}

/** Hands a sent payment in: `input` is what its screen kept for it. */
export function handIn(
  api: ApiClient,
  kind: PaymentKind,
  input: unknown,
  hash: string,
  key: string,
): Promise<PaymentAnswer<PaymentKind>> {
  const call = paymentKinds[kind] as (
    api: ApiClient,
    input: unknown,
    hash: string,
    key: string,
  ) => Promise<PaymentAnswer<PaymentKind>>;
  return call(api, input, hash, key);
}
