// A card call that is not a payment (save a holder, delete an address, freeze a card…): one at
// a time, the success and failure messages of §8 as toasts, a refusal about a field put on the
// field, and every card list and detail refreshed after it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/requestErrors.ts';
import { invalidateCardData } from '../../state/queries/card.ts';
import { confirm, ConfirmCancelled, type ConfirmOptions } from '../../ui/confirm.ts';
import { describeRequestError, toastFailure, withSupportCode } from '../../ui/requestFailures.ts';
import { toast } from '../../ui/toast.ts';
import { useOnline } from '../../ui/useOnline.ts';

export interface CardCallOptions<I, R> {
  confirm?: (input: I) => ConfirmOptions;
  run: (input: I) => Promise<R>;
  successMessage: string;
  /** §8's failure text for this call ('Holder save failed'…), when the server said nothing. */
  failureMessage: string;
  onSuccess?: (result: R, input: I) => void;
  /** Failures the screen shows itself (a field error); return true when handled. */
  onFailure?: (error: unknown) => boolean;
}

export function useCardCall<I, R>(options: CardCallOptions<I, R>) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [pending, setPending] = useState(false);
  return {
    pending,
    offline: !online,
    async run(input: I): Promise<boolean> {
      if (pending) return false;
      if (options.confirm) {
        try {
          await confirm(options.confirm(input));
        } catch (error) {
          if (error instanceof ConfirmCancelled) return false;
          throw error;
        }
      }
      setPending(true);
      try {
        const result = await options.run(input);
        toast(options.successMessage, 'success');
        await invalidateCardData(queryClient);
        options.onSuccess?.(result, input);
        return true;
      } catch (error) {
        if (options.onFailure?.(error)) return false;
        const text =
          error instanceof ApiError && error.status < 500 && error.message
            ? withSupportCode(error.message, error)
            : `${options.failureMessage} ${describeRequestError(error)}`;
        toastFailure(text, error);
        return false;
      } finally {
        setPending(false);
      }
    },
  };
}
