// The one way a screen takes a payment on the chain (issue 8), in the shape of a money action
// (state/money/useMoneyAction.ts) so forms use the same foot (ui/MoneyFormActions.tsx):
// confirm → the wallet pays the treasury → 'payment processing' with the hash while the chain
// mines it → the hash goes to the server with one idempotency key per payment.
//
// A payment, once the wallet has sent it, stays open until the server has taken its hash: a
// lost answer, a slow chain or leaving the screen never leads to paying twice; 'Try again'
// looks at the chain again and resubmits the same hash with the same key.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { isPaidToBalance } from '../../api/chain.ts';
import { ApiError } from '../../api/requestErrors.ts';
import {
  answerLost,
  mintIdempotencyKey,
  refreshMoneyViews,
  type MoneyAction,
} from '../../state/money/useMoneyAction.ts';
import { addressAtom } from '../../state/session.ts';
import { store } from '../../state/store.ts';
import { confirm, ConfirmCancelled, type ConfirmOptions } from '../../ui/confirm.ts';
import { describeRequestError } from '../../ui/requestFailures.ts';
import { toast } from '../../ui/toast.ts';
import { useOnline } from '../../ui/useOnline.ts';
import { ReceiptTimeout } from '../../wallet/transactions.ts';
import { WalletError } from '../../wallet/walletErrors.ts';
import { walletMessages } from '../auth/walletMessages.ts';
import { defaultPaymentDeps } from './defaultPaymentDeps.ts';
import {
  minedOnChain,
  payTreasury,
  PaymentReverted,
  type PaymentDeps,
  type TreasuryPayment,
} from './paymentFlow.ts';

export type PaymentStage =
  | { step: 'idle' }
  /** The wallet is showing the payment to the user. */
  | { step: 'wallet' }
  /** Sent; the chain has not mined it yet (spec §8 'payment processing'). */
  | { step: 'processing'; hash: string }
  /** Mined; the server is checking and recording it. */
  | { step: 'submitting'; hash: string };

interface OpenPayment {
  input: unknown;
  body: string;
  key: string;
  /** Set once the wallet has sent the transaction: from then on it is never sent again. */
  hash: string | null;
}

interface PaymentState {
  open: OpenPayment | null;
  stage: PaymentStage;
  pending: boolean;
  failure: string | null;
  /** The hash of the last payment that failed after it was sent, so the user can keep it. */
  failedHash: string | null;
}

const IDLE: PaymentState = {
  open: null,
  stage: { step: 'idle' },
  pending: false,
  failure: null,
  failedHash: null,
};

/**
 * Open payments by address and purpose. In the store, not in a component, so that leaving the
 * screen mid-payment and coming back shows it, and the flow finishes meanwhile.
 */
export const paymentsAtom = atom<Record<string, PaymentState>>({});

/**
 * Sent payments whose hash the server has not taken yet, by address and purpose, kept across
 * a reload or a closed tab: the JU has left the wallet, so the app must be able to hand the
 * hash in later ('Try again'). A transaction hash and what it pays for are public on the
 * chain; nothing here can act for the user.
 */
export const sentPaymentsAtom = atomWithStorage<Record<string, OpenPayment>>(
  'ju.sentPayments',
  {},
  undefined,
  { getOnInit: true },
);

function withSent(state: PaymentState, sent: OpenPayment | undefined): PaymentState {
  return state.open || !sent ? state : { ...state, open: sent };
}

export interface PaymentOptions<I, R> {
  /** Names the payment among the user's open ones: 'ticket', 'cycle', 'node'… */
  purpose: string;
  confirm: (input: I) => ConfirmOptions;
  /** Where the JU goes and how much, from the server's settings. */
  payment: (input: I) => TreasuryPayment;
  /** Hands the mined transaction to the server. */
  submit: (input: I, hash: string, idempotencyKey: string) => Promise<R>;
  successMessage: (result: R) => string;
  /** The feature's own words for a failure nobody explained ('JU fee payment failed…'). */
  failureMessage: () => string;
  onSuccess?: (result: R, hash: string) => void;
  /** Failures the form shows itself (a field error); return true when handled. */
  onFailure?: (error: unknown) => boolean;
  deps?: PaymentDeps;
}

export interface Payment<I> extends MoneyAction<I> {
  stage: PaymentStage;
  /** A sent payment whose hash the server has not taken yet. */
  openHash: string | null;
  failedHash: string | null;
}

export function paymentFailureText(error: unknown, failureMessage: () => string): string {
  if (error instanceof WalletError) {
    return error.kind === 'pay_failed' ? failureMessage() : i18n._(walletMessages[error.kind]);
  }
  if (error instanceof PaymentReverted) {
    return t`The chain refused the payment (transaction reverted). Nothing reached the treasury.`;
  }
  if (error instanceof ReceiptTimeout) {
    return t`Payment processing: the chain has not confirmed it yet. Try again in a moment.`;
  }
  if (error instanceof ApiError && error.status < 500 && error.message) {
    return paidToBalance(error) ? `${error.message}\n${paidToBalanceNote()}` : error.message;
  }
  return `${failureMessage()} ${answerLost(error) ? describeRequestError(error) : ''}`.trim();
}

/** The server refused what was paid for, and keeps the JU already paid for the balance. */
function paidToBalance(error: unknown): boolean {
  return error instanceof ApiError && isPaidToBalance(error.data);
}

const paidToBalanceNote = () =>
  t`The JU you paid will be added to your balance once the chain confirms the payment.`;

/** After the wallet sent the payment, only a definite no from the chain or the server ends it. */
function paymentEnded(open: OpenPayment, error: unknown): boolean {
  if (open.hash === null) return true;
  if (error instanceof PaymentReverted) return true;
  return error instanceof ApiError && error.status < 500;
}

export function usePayment<I, R>(options: PaymentOptions<I, R>): Payment<I> {
  const online = useOnline();
  const queryClient = useQueryClient();
  const address = useAtomValue(addressAtom);
  const slot = `${address ?? ''}:${options.purpose}`;
  const state = withSent(
    useAtomValue(paymentsAtom)[slot] ?? IDLE,
    useAtomValue(sentPaymentsAtom)[slot],
  );
  const deps = options.deps ?? defaultPaymentDeps;
  const disabledReason = online
    ? null
    : t`You are offline. Money actions are paused until you reconnect.`;

  const read = () =>
    withSent(store.get(paymentsAtom)[slot] ?? IDLE, store.get(sentPaymentsAtom)[slot]);
  const patch = (change: Partial<PaymentState>) => {
    store.set(paymentsAtom, (all) => ({ ...all, [slot]: { ...(all[slot] ?? IDLE), ...change } }));
    if ('open' in change) {
      const sent = change.open?.hash ? change.open : undefined;
      store.set(sentPaymentsAtom, (all) => {
        const { [slot]: _previous, ...others } = all;
        return sent ? { ...others, [slot]: sent } : others;
      });
    }
  };

  async function run(open: OpenPayment) {
    const input = open.input as I;
    patch({ open, pending: true, failure: null, failedHash: null });
    let current = open;
    try {
      if (current.hash === null) {
        const hash = await payTreasury(deps, options.payment(input), () =>
          patch({ stage: { step: 'wallet' } }),
        );
        current = { ...current, hash };
        patch({ open: current });
      }
      const hash = current.hash!;
      patch({ stage: { step: 'processing', hash } });
      await minedOnChain(deps, hash);
      patch({ stage: { step: 'submitting', hash } });
      const result = await options.submit(input, hash, current.key);
      patch(IDLE);
      toast(options.successMessage(result), 'success');
      await refreshMoneyViews(queryClient);
      options.onSuccess?.(result, hash);
    } catch (error) {
      const ended = paymentEnded(current, error);
      patch({
        open: ended ? null : current,
        pending: false,
        stage: { step: 'idle' },
        failedHash: ended ? current.hash : null,
      });
      if (options.onFailure?.(error)) {
        // The form shows the refusal by its field; where the JU goes still needs saying.
        if (paidToBalance(error)) toast(paidToBalanceNote(), 'info');
        return;
      }
      const text = paymentFailureText(error, options.failureMessage);
      patch({ failure: text });
      toast(text, 'error');
    }
  }

  return {
    pending: state.pending,
    failure: state.failure,
    canRetry: state.open !== null && !state.pending,
    disabledReason,
    stage: state.stage,
    openHash: state.open?.hash ?? null,
    failedHash: state.failedHash,
    async submit(input) {
      const now = read();
      if (now.pending || disabledReason) return;
      const body = JSON.stringify(input);
      if (now.open?.hash) {
        // Paid already: finish that payment rather than pay again.
        if (now.open.body === body) return run(now.open);
        const text = t`A payment is still being processed: press Try again to finish it first.`;
        patch({ failure: text });
        toast(text, 'error');
        return;
      }
      try {
        await confirm(options.confirm(input));
      } catch (error) {
        if (error instanceof ConfirmCancelled) return;
        throw error;
      }
      await run({ input, body, key: mintIdempotencyKey(), hash: null });
    },
    async retry() {
      const now = read();
      if (now.pending || disabledReason || !now.open) return;
      await run(now.open);
    },
  };
}
