// A failure the server answered tells the user which request it was, to quote to support.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  HttpStatusError,
  NoResponseError,
  type RequestError,
} from '../../../src/api/requestErrors.ts';
import {
  describeRequestError,
  reportReadError,
  reportRequestError,
  toastFailure,
  withSupportCode,
} from '../../../src/ui/requestFailures.ts';
import { toastsAtom } from '../../../src/ui/toast.ts';
import { store } from '../../../src/state/store.ts';
import { activateEnglish } from '../support/i18n.ts';

const withId = <T extends RequestError>(error: T, id: string | null): T => {
  error.requestId = id;
  return error;
};

describe('request failures in words', () => {
  beforeAll(activateEnglish);

  it('puts the request id on a line of its own below the message', () => {
    const refused = withId(new ApiError(40006, 'Invalid amount', 400), 'k3v9q2x7m1c8d4fz');
    expect(describeRequestError(refused)).toBe(
      'Invalid amount\nQuote this code to support: k3v9q2x7m1c8d4fz',
    );
    const broken = withId(new HttpStatusError(502), 'a1b2c3d4e5f6g7h8');
    expect(describeRequestError(broken)).toBe(
      'Server error, try later\nQuote this code to support: a1b2c3d4e5f6g7h8',
    );
    const refusedByProxy = withId(new HttpStatusError(413), 'a1b2c3d4e5f6g7h9');
    expect(describeRequestError(refusedByProxy)).toBe(
      'Request failed\nQuote this code to support: a1b2c3d4e5f6g7h9',
    );
    expect(withSupportCode('Transfer failed, try again', refused)).toBe(
      'Transfer failed, try again\nQuote this code to support: k3v9q2x7m1c8d4fz',
    );
  });

  it('says nothing more when no answer named a request', () => {
    // Online, no answer is a dropped connection: only a server that answered has an error.
    expect(describeRequestError(new NoResponseError('dropped'))).toBe('Network error, retry');
    expect(describeRequestError(new ApiError(400, 'Bad request', 400))).toBe('Bad request');
    expect(withSupportCode('Failed', new Error('not a request'))).toBe('Failed');
  });

  it('calls a request lost while the device is offline what it is, not a server error', () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(describeRequestError(new NoResponseError('offline'))).toBe('You are offline');
    offline.mockRestore();
  });

  describe('as a toast', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
      store.set(toastsAtom, []);
    });

    it('shows no toast for a background read lost offline, but answers a tap', () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      reportReadError(new NoResponseError('offline'));
      expect(store.get(toastsAtom)).toEqual([]);
      // A tap (sign in, show the card number) is answered: the user asked for something.
      reportRequestError(new NoResponseError('offline'));
      expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual(['You are offline']);
      store.set(toastsAtom, []);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      reportReadError(new NoResponseError('refused'));
      expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual(['Network error, retry']);
    });

    it('shows a burst of the same failure once, and keeps the code up long enough to copy', () => {
      vi.useFakeTimers();
      for (const id of ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']) {
        const error = withId(new HttpStatusError(502), id);
        toastFailure(describeRequestError(error), error);
      }
      expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual([
        'Server error, try later\nQuote this code to support: aaaaaaaaaaaaaaaa',
      ]);
      vi.advanceTimersByTime(9_999);
      expect(store.get(toastsAtom)).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(store.get(toastsAtom)).toHaveLength(0);
    });
  });
});
