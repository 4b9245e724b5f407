// The one way a screen moves money (issue 5): ask first (the confirm popup), then send with an
// idempotency key minted once per user intent. A retry of the same intent (after a timeout or
// a lost answer) sends the same key, so the server moves the money at most once.
import { t } from '@lingui/core/macro';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, HttpStatusError, NoResponseError } from '../../api/requestErrors.ts';
import { confirm, ConfirmCancelled, type ConfirmOptions } from '../../ui/confirm.ts';
import { describeRequestError, toastFailure, withSupportCode } from '../../ui/requestFailures.ts';
import { toast } from '../../ui/toast.ts';
import { useOnline } from '../../ui/useOnline.ts';
import { walletKeys } from '../queries/money.ts';
import { userInfoKey } from '../queries/user.ts';
import { recordKeys } from '../records/recordList.ts';

export interface MoneyActionOptions<I, R> {
  /** What the confirm popup says for this input (the full address, the amount…). */
  confirm: (input: I) => ConfirmOptions;
  run: (input: I, idempotencyKey: string) => Promise<R>;
  /** Shown as a toast after success. */
  successMessage: (result: R) => string;
  /** The feature's own failure text (§8: "transfer failed, try again"), for failures the
   * server did not explain. */
  failureMessage: () => string;
  onSuccess?: (result: R) => void;
  /** Failures the form shows itself (a field error); return true when handled. */
  onFailure?: (error: unknown) => boolean;
}

export interface MoneyAction<I> {
  submit: (input: I) => Promise<void>;
  /** Sends the last intent again with the same key; only after an answer was lost. */
  retry: () => Promise<void>;
  pending: boolean;
  /** Why the action cannot run now (offline), or null. */
  disabledReason: string | null;
  /** The last failure, in words; null after success or a new submit. */
  failure: string | null;
  /** The last attempt's answer was lost: `retry` resends it harmlessly. */
  canRetry: boolean;
}

interface Intent<I> {
  input: I;
  body: string;
  key: string;
}

export function mintIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Did the server possibly act without our hearing back? Then the intent stays open. */
export function answerLost(error: unknown): boolean {
  return (
    error instanceof NoResponseError ||
    (error instanceof HttpStatusError && error.status >= 500) ||
    (error instanceof ApiError && error.status >= 500)
  );
}

/** After money moved: balances, the user's figures and every record list may have changed. */
export function refreshMoneyViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: recordKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    queryClient.invalidateQueries({ queryKey: userInfoKey(null).slice(0, 2) }),
  ]);
}

export function useMoneyAction<I, R>(options: MoneyActionOptions<I, R>): MoneyAction<I> {
  const online = useOnline();
  const queryClient = useQueryClient();
  const intent = useRef<Intent<I> | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [canRetry, setCanRetry] = useState(false);
  const disabledReason = online
    ? null
    : t`You are offline. Money actions are paused until you reconnect.`;

  async function send(current: Intent<I>) {
    setPending(true);
    setFailure(null);
    try {
      const result = await options.run(current.input, current.key);
      intent.current = null;
      setCanRetry(false);
      toast(options.successMessage(result), 'success');
      await refreshMoneyViews(queryClient);
      options.onSuccess?.(result);
    } catch (error) {
      const lost = answerLost(error);
      // A definite refusal ends the intent: the next submit is a new one with a new key.
      if (!lost) intent.current = null;
      setCanRetry(lost);
      if (options.onFailure?.(error)) return;
      const text =
        error instanceof ApiError && error.status < 500 && error.message
          ? withSupportCode(error.message, error)
          : lost
            ? `${options.failureMessage()} ${describeRequestError(error)}`
            : withSupportCode(options.failureMessage(), error);
      setFailure(text);
      toastFailure(text, error);
    } finally {
      setPending(false);
    }
  }

  return {
    pending,
    failure,
    canRetry,
    disabledReason,
    async submit(input) {
      if (pending || disabledReason) return;
      try {
        await confirm(options.confirm(input));
      } catch (error) {
        if (error instanceof ConfirmCancelled) return;
        throw error;
      }
      const body = JSON.stringify(input);
      // Submitting the very same thing again after a lost answer is the same intent.
      const current =
        intent.current && intent.current.body === body
          ? intent.current
          : { input, body, key: mintIdempotencyKey() };
      intent.current = current;
      await send(current);
    },
    async retry() {
      if (pending || disabledReason || !intent.current) return;
      await send(intent.current);
    },
  };
}
