// Where every payment on the chain stands, in the store rather than in a screen, so leaving
// the screen mid-payment, reloading the page or landing on another screen loses nothing:
// - open payments by address and slot ('ticket', 'cycle', 'node:12', 'withdraw_fee'): what is
//   being paid, its idempotency key and, once the wallet has sent it, its hash;
// - sent payments the server has not taken yet, kept in localStorage (`ju.sentPayments`): the
//   JU has left the wallet, so the app must be able to hand the hash in after a reload. A
//   transaction hash and what it pays for are public on the chain; nothing here can act for
//   the user;
// - payments the server holds that the chain has not decided: followed until it does.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { ChainPayment } from '../../contract/api/chain.ts';
import type { ApiClient } from '../api/client.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { ApiError } from '../api/requestErrors.ts';
import { answerLost } from '../state/actions/useAction.ts';
import { getChainPayment } from '../state/queries/chain.ts';
import { store } from '../state/store.ts';
import type { Delay } from '../wallet/transactions.ts';
import { handIn, isPaymentKind, type PaymentAnswer, type PaymentKind } from './paymentKinds.ts';

export type PaymentStage =
  | { step: 'idle' }
  /** The wallet is showing the payment to the user. */
  | { step: 'wallet' }
  /** Sent: the app is handing the hash to the server. */
  | { step: 'submitting'; hash: string };

export interface OpenPayment {
  kind: PaymentKind;
  input: unknown;
  body: string;
  key: string;
  /** Set once the wallet has sent the transaction: from then on it is never sent again. */
  hash: string | null;
}

export interface PaymentState {
  open: OpenPayment | null;
  stage: PaymentStage;
  pending: boolean;
  failure: string | null;
  /** The hash of the last payment that failed after it was sent, so the user can keep it. */
  failedHash: string | null;
}

export const IDLE: PaymentState = {
  open: null,
  stage: { step: 'idle' },
  pending: false,
  failure: null,
  failedHash: null,
};

export const paymentsAtom = atom<Record<string, PaymentState>>({});

export const sentPaymentsAtom = atomWithStorage<Record<string, Partial<OpenPayment>>>(
  'ju.sentPayments',
  {},
  undefined,
  { getOnInit: true },
);

export function slotKey(address: string | null, slot: string): string {
  return `${address ?? ''}:${slot}`;
}

/** A kept payment as this version stores it (earlier ones named their kind by their slot). */
function keptPayment(key: string, kept: Partial<OpenPayment> | undefined): OpenPayment | null {
  if (!kept?.hash || !kept.key) return null;
  const slot = key.slice(key.indexOf(':') + 1);
  const [prefix = '', id] = slot.split(':');
  const kind = kept.kind ?? (isPaymentKind(prefix) ? prefix : null);
  if (!kind) return null;
  const input = kind === 'node' && id ? { order_id: id, ...(kept.input as object) } : kept.input;
  return { kind, input: input ?? {}, body: kept.body ?? '', key: kept.key, hash: kept.hash };
}

export function readSlot(key: string): PaymentState {
  const state = store.get(paymentsAtom)[key] ?? IDLE;
  const sent = keptPayment(key, store.get(sentPaymentsAtom)[key]);
  return state.open || !sent ? state : { ...state, open: sent };
}

export function patchSlot(key: string, change: Partial<PaymentState>): void {
  store.set(paymentsAtom, (all) => ({ ...all, [key]: { ...(all[key] ?? IDLE), ...change } }));
  if ('open' in change) {
    const sent = change.open?.hash ? change.open : undefined;
    store.set(sentPaymentsAtom, (all) => {
      const { [key]: _previous, ...others } = all;
      return sent ? { ...others, [key]: sent } : others;
    });
  }
}

/** The sent payments of `address` that the server has not taken yet, by slot key. */
export function keptPaymentsOf(address: string): [string, OpenPayment][] {
  const prefix = slotKey(address, '');
  return Object.entries(store.get(sentPaymentsAtom)).flatMap(([key, kept]) => {
    const open = key.startsWith(prefix) ? keptPayment(key, kept) : null;
    return open ? [[key, open] as [string, OpenPayment]] : [];
  });
}

export interface FollowedPayment {
  payment: ChainPayment;
  /** The slot key of the screen that paid it, when it was paid here. */
  slot: string | null;
}

/** Payments the server holds, followed by hash until the chain decides them. */
export const followedPaymentsAtom = atom<Record<string, FollowedPayment>>({});

/** A new payment on a screen: what the chain decided for its earlier ones is said already. */
export function forgetDecided(slot: string): void {
  store.set(followedPaymentsAtom, (all) =>
    Object.fromEntries(
      Object.entries(all).filter(
        ([, entry]) => entry.slot !== slot || entry.payment.status === 'pending',
      ),
    ),
  );
}

export function follow(payment: ChainPayment, slot: string | null): void {
  store.set(followedPaymentsAtom, (all) => ({
    ...all,
    [payment.hash]: { payment, slot: slot ?? all[payment.hash]?.slot ?? null },
  }));
}

/**
 * The server's node may not have the transaction the instant the wallet returns its hash:
 * 'not seen yet' is asked again after each of these waits before the app gives up for now.
 */
export const NOT_SEEN_RETRY_MS = [1_000, 2_000, 3_000, 4_000] as const;

const isCatalogue = (error: unknown, ...names: (keyof typeof apiErrors)[]) =>
  error instanceof ApiError && names.some((name) => error.code === apiErrors[name].code);

/** Hands a sent payment to the server, asking again while its node has not seen it yet. */
export async function handOver(
  api: ApiClient,
  open: OpenPayment & { hash: string },
  delay: Delay,
): Promise<PaymentAnswer<PaymentKind>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await handIn(api, open.kind, open.input, open.hash, open.key);
    } catch (error) {
      const wait = NOT_SEEN_RETRY_MS[attempt];
      if (wait === undefined || !isCatalogue(error, 'payment_not_seen')) throw error;
      await delay(wait);
    }
  }
}

/**
 * Not a definite no: the server may have taken it (a lost answer), or will take it later (its
 * node has not seen it yet, the chain is unreachable, earlier payments wait to be mined). The
 * app keeps the hash and hands it in again.
 */
export function handOverCanWait(error: unknown): boolean {
  return (
    answerLost(error) ||
    isCatalogue(error, 'payment_not_seen', 'chain_unreachable', 'too_many_unmined_payments')
  );
}

/** The payment the answer reports, for the routes that report one. */
function paymentOf(answer: unknown): ChainPayment | null {
  const payment = (answer as { payment?: ChainPayment } | null)?.payment;
  return payment ?? null;
}

/**
 * Hands the slot's sent payment to the server, keeping the slot's state as it goes: once
 * taken, the payment is followed until the chain decides it; refused for good, it ends with
 * its hash kept for the user; anything else keeps it open to hand in again.
 */
export async function handOverSlot(
  api: ApiClient,
  key: string,
  open: OpenPayment & { hash: string },
  delay: Delay,
): Promise<PaymentAnswer<PaymentKind>> {
  patchSlot(key, {
    open,
    pending: true,
    stage: { step: 'submitting', hash: open.hash },
    failure: null,
    failedHash: null,
  });
  try {
    const result = await handOver(api, open, delay);
    patchSlot(key, IDLE);
    const payment = paymentOf(result) ?? (await getChainPayment(api, open.hash).catch(() => null));
    if (payment) follow(payment, key);
    return result;
  } catch (error) {
    const ended = !handOverCanWait(error);
    patchSlot(key, {
      open: ended ? null : open,
      pending: false,
      stage: { step: 'idle' },
      failedHash: ended ? open.hash : null,
    });
    throw error;
  }
}
