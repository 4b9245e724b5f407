// The one way a screen takes a payment on the chain (issue 8), in the shape of a money action
// (state/actions/useAction.ts) so forms use the same foot (ui/MoneyFormActions.tsx):
// confirm → the wallet pays the treasury → the hash goes to the server at once, with one
// idempotency key per payment → 'payment processing' while the chain mines it, followed by
// the app wherever the user goes (PaymentWatch.tsx).
//
// A payment, once the wallet has sent it, stays open until the server has taken its hash: a
// lost answer, a reload or leaving the screen never leads to paying twice; 'Try again' (or
// the next sign-in, PaymentWatch.tsx) hands the same hash in with the same key.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { isPaidToBalance, type ChainPayment } from '../../contract/api/chain.ts';
import { ApiError } from '../api/requestErrors.ts';
import { useApi } from '../state/apiContext.tsx';
import {
  actionFailureText,
  mintIdempotencyKey,
  type ActionStatus,
} from '../state/actions/useAction.ts';
import { refreshAreas } from '../state/queries/cacheAreas.ts';
import { addressAtom } from '../state/session.ts';
import { confirm, ConfirmCancelled, expectConfirm, type ConfirmOptions } from '../ui/confirm.ts';
import { toastFailure, withSupportCode } from '../ui/requestFailures.ts';
import { toast } from '../ui/toast.ts';
import { useWriteBlock } from '../state/actions/writeBlock.ts';
import { WalletError } from '../wallet/walletErrors.ts';
import { walletMessages } from '../signIn/walletMessages.ts';
import { defaultPaymentDeps } from './defaultPaymentDeps.ts';
import { payTreasury, type PaymentDeps, type TreasuryPayment } from './paymentFlow.ts';
import {
  paymentChanges,
  type PaymentAnswer,
  type PaymentInput,
  type PaymentKind,
} from './paymentKinds.ts';
import {
  followedPaymentsAtom,
  forgetDecided,
  handOverSlot,
  patchSlot,
  paymentsAtom,
  readSlot,
  sentPaymentsAtom,
  slotKey,
  type OpenPayment,
  type PaymentStage,
} from './paymentSlots.ts';

export type { PaymentStage } from './paymentSlots.ts';

export interface PaymentOptions<K extends PaymentKind> {
  kind: K;
  /** Tells this payment from others of its kind the user may have open ('node:12'). */
  slot?: string;
  confirm: (input: PaymentInput<K>) => ConfirmOptions;
  /** Where the JU goes and how much, from the server's settings. */
  payment: (input: PaymentInput<K>) => TreasuryPayment;
  successMessage: (result: PaymentAnswer<K>) => string;
  /** The feature's own words for a failure nobody explained ('JU fee payment failed…'). */
  failureMessage: () => string;
  onSuccess?: (result: PaymentAnswer<K>, hash: string) => void;
  /** Failures the form shows itself (a field error); return true when handled. */
  onFailure?: (error: unknown) => boolean;
  deps?: PaymentDeps;
}

export interface Payment<I> extends ActionStatus {
  submit: (input: I) => Promise<void>;
  /** Hands the open payment in again, or pays again after a failure before it was sent. */
  retry: () => Promise<void>;
  stage: PaymentStage;
  /** A sent payment whose hash the server has not taken yet. */
  openHash: string | null;
  failedHash: string | null;
  /** This screen's last payment as the server holds it, followed until the chain decides. */
  following: ChainPayment | null;
}

export function paymentFailureText(error: unknown, failureMessage: () => string): string {
  if (error instanceof WalletError) {
    return error.kind === 'pay_failed' ? failureMessage() : i18n._(walletMessages[error.kind]);
  }
  if (error instanceof ApiError && error.status < 500 && error.message && paidToBalance(error)) {
    return withSupportCode(`${error.message}\n${paidToBalanceNote()}`, error);
  }
  return actionFailureText(error, failureMessage);
}

/** The server refused what was paid for, and keeps the JU already paid for the balance. */
function paidToBalance(error: unknown): boolean {
  return error instanceof ApiError && isPaidToBalance(error.data);
}

export const paidToBalanceNote = () =>
  t`The JU you paid will be added to your balance once the chain confirms the payment.`;

export function usePayment<K extends PaymentKind>(
  options: PaymentOptions<K>,
): Payment<PaymentInput<K>> {
  const api = useApi();
  const queryClient = useQueryClient();
  const address = useAtomValue(addressAtom);
  // Every payment is confirmed first: the popup's code loads with the screen.
  useEffect(() => expectConfirm(), []);
  const key = slotKey(address, options.slot ?? options.kind);
  // What the chain decided is said while the user is here; a later visit starts afresh.
  useEffect(() => () => forgetDecided(key), [key]);
  // Subscribed so the screen renders as the store changes; read through readSlot.
  useAtomValue(paymentsAtom);
  useAtomValue(sentPaymentsAtom);
  const state = readSlot(key);
  const followed = useAtomValue(followedPaymentsAtom);
  const following =
    Object.values(followed)
      .filter((entry) => entry.slot === key)
      .at(-1)?.payment ?? null;
  const deps = options.deps ?? defaultPaymentDeps;
  const disabledReason = useWriteBlock();

  async function run(open: OpenPayment) {
    const input = open.input as PaymentInput<K>;
    patchSlot(key, { open, pending: true, failure: null, failedHash: null });
    let sent: (OpenPayment & { hash: string }) | null = open.hash
      ? { ...open, hash: open.hash }
      : null;
    try {
      if (!sent) {
        const hash = await payTreasury(deps, options.payment(input), () =>
          patchSlot(key, { stage: { step: 'wallet' } }),
        );
        sent = { ...open, hash };
        // Kept at once (localStorage): the JU has left the wallet.
        patchSlot(key, { open: sent });
      }
      const result = (await handOverSlot(api, key, sent, deps.delay)) as PaymentAnswer<K>;
      toast(options.successMessage(result), 'success');
      await refreshAreas(queryClient, paymentChanges(options.kind));
      options.onSuccess?.(result, sent.hash);
    } catch (error) {
      // Not sent: nothing is open. Sent: handOverSlot has kept or ended the payment.
      if (!sent) patchSlot(key, { open: null, pending: false, stage: { step: 'idle' } });
      if (options.onFailure?.(error)) {
        // The form shows the refusal by its field; where the JU goes still needs saying.
        if (paidToBalance(error)) toast(paidToBalanceNote(), 'info');
        return;
      }
      const text = paymentFailureText(error, options.failureMessage);
      patchSlot(key, { failure: text });
      toastFailure(text, error);
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
    following,
    async submit(input) {
      const now = readSlot(key);
      if (now.pending || disabledReason) return;
      const body = JSON.stringify(input);
      if (now.open?.hash) {
        // Paid already: finish that payment rather than pay again.
        if (now.open.body === body) return run(now.open);
        const text = t`A payment is still being processed: press Try again to finish it first.`;
        patchSlot(key, { failure: text });
        toast(text, 'error');
        return;
      }
      try {
        await confirm(options.confirm(input));
      } catch (error) {
        if (error instanceof ConfirmCancelled) return;
        throw error;
      }
      forgetDecided(key);
      await run({ kind: options.kind, input, body, key: mintIdempotencyKey(), hash: null });
    },
    async retry() {
      const now = readSlot(key);
      if (now.pending || disabledReason || !now.open) return;
      await run(now.open);
    },
  };
}
