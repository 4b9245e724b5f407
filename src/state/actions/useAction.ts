// The one way a screen writes (issue: one shape per concern). Given the endpoint's descriptor:
// ask first when there is something to confirm; paused offline with the reason; one call at a
// time; for an idempotent endpoint one Idempotency-Key per intent, kept when the answer is lost
// so a retry moves money at most once; failures in words (§8: the server's message, else the
// screen's own); a toast and the screen's own reaction (a form cleared, a page opened) at
// once; and then exactly the cached data the endpoint says it changes is read again. The
// reaction does not wait for that read: a form cleared after it would wipe what the person
// typed meanwhile.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AnyEndpoint, EndpointInput, EndpointOutput } from '../../../contract/api/endpoint.ts';
import { ApiError, HttpStatusError, NoResponseError } from '../../api/requestErrors.ts';
import { confirm, ConfirmCancelled, expectConfirm, type ConfirmOptions } from '../../ui/confirm.ts';
import { describeRequestError, toastFailure, withSupportCode } from '../../ui/requestFailures.ts';
import { toast } from '../../ui/toast.ts';
import { useWriteBlock } from './writeBlock.ts';
import { useApi } from '../apiContext.tsx';
import { refreshAreas } from '../queries/cacheAreas.ts';

export interface ActionOptions<E extends AnyEndpoint> {
  /** What the confirm popup says for this input; none: the action runs at once. */
  confirm?: (input: EndpointInput<E>) => ConfirmOptions;
  /** Shown as a toast after success; none: the screen says it itself. */
  successMessage?: (result: EndpointOutput<E>) => string;
  /** The screen's own failure text (§8: "transfer failed, try again"), for failures the
   * server did not explain. */
  failureMessage: () => string;
  onSuccess?: (result: EndpointOutput<E>, input: EndpointInput<E>) => void;
  /** Failures the screen shows itself (a field error); return true when handled. */
  onFailure?: (error: unknown) => boolean;
}

/** What a form's foot (ui/MoneyFormActions.tsx) shows of any write, a payment's included. */
export interface ActionStatus {
  pending: boolean;
  /** Why the action cannot run now (offline), or null. */
  disabledReason: string | null;
  /** The last failure, in words; null after success or a new submit. */
  failure: string | null;
  /** The last attempt's answer was lost: `retry` resends it harmlessly. */
  canRetry: boolean;
}

export interface Action<I> extends ActionStatus {
  /**
   * Confirms (with `ask`, else the action's own question, when it has one), then calls; true
   * when the call succeeded. `ask` serves a screen whose question names more than the input
   * carries (the holder's name beside its id).
   */
  submit: (input: I, ask?: ConfirmOptions) => Promise<boolean>;
  /** Sends the last intent again with the same key; only after an answer was lost. */
  retry: () => Promise<boolean>;
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

/** A failure in words: the server's message when it explained, else the screen's own; with the
 * request's code to quote to support. */
export function actionFailureText(error: unknown, failureMessage: () => string): string {
  if (error instanceof ApiError && error.status < 500 && error.message) {
    return withSupportCode(error.message, error);
  }
  return answerLost(error)
    ? `${failureMessage()} ${describeRequestError(error)}`
    : withSupportCode(failureMessage(), error);
}

export function useAction<E extends AnyEndpoint>(
  endpoint: E,
  options: ActionOptions<E>,
): Action<EndpointInput<E>> {
  type I = EndpointInput<E>;
  const api = useApi();
  const queryClient = useQueryClient();
  const intent = useRef<Intent<I> | null>(null);
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [canRetry, setCanRetry] = useState(false);
  const disabledReason = useWriteBlock();
  const asks = options.confirm !== undefined;
  useEffect(() => {
    if (asks) expectConfirm();
  }, [asks]);

  async function send(current: Intent<I>): Promise<boolean> {
    running.current = true;
    setPending(true);
    setFailure(null);
    try {
      const call = api.call as (
        endpoint: AnyEndpoint,
        input: unknown,
        options?: { idempotencyKey: string },
      ) => Promise<EndpointOutput<E>>;
      const result = await call(
        endpoint,
        current.input,
        endpoint.idempotent ? { idempotencyKey: current.key } : undefined,
      );
      intent.current = null;
      setCanRetry(false);
      const text = options.successMessage?.(result);
      if (text) toast(text, 'success');
      options.onSuccess?.(result, current.input);
      await refreshAreas(queryClient, endpoint.changes);
      return true;
    } catch (error) {
      const lost = answerLost(error);
      // A definite refusal ends the intent: the next submit is a new one with a new key.
      if (!lost) intent.current = null;
      setCanRetry(lost);
      if (options.onFailure?.(error)) return false;
      const text = actionFailureText(error, options.failureMessage);
      setFailure(text);
      toastFailure(text, error);
      return false;
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return {
    pending,
    failure,
    canRetry,
    disabledReason,
    async submit(input, ask) {
      if (running.current || disabledReason) return false;
      const question = ask ?? options.confirm?.(input);
      if (question) {
        try {
          await confirm(question);
        } catch (error) {
          if (error instanceof ConfirmCancelled) return false;
          throw error;
        }
      }
      const body = JSON.stringify(input);
      // Submitting the very same thing again after a lost answer is the same intent.
      const current =
        intent.current && intent.current.body === body
          ? intent.current
          : { input, body, key: mintIdempotencyKey() };
      intent.current = current;
      return send(current);
    },
    async retry() {
      if (running.current || disabledReason || !intent.current) return false;
      return send(intent.current);
    },
  };
}
