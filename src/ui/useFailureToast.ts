// The §8 toast for a failed load: said once per failure, in words; a lost session is told
// by the session-end handler instead.
import { useEffect } from 'react';
import { UnauthorizedError } from '../api/requestErrors.ts';
import { describeRequestError } from './requestFailures.ts';
import { toast } from './toast.ts';

export function useFailureToast(error: unknown, sentence: (reason: string) => string): void {
  useEffect(() => {
    if (error == null || error instanceof UnauthorizedError) return;
    toast(sentence(describeRequestError(error)), 'error');
    // Once per failure: a new sentence function each render must not toast again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
