import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NoResponseError } from '../../../src/api/requestErrors.ts';
import { useMoneyAction } from '../../../src/state/money/useMoneyAction.ts';
import { store } from '../../../src/state/store.ts';
import { pendingConfirmAtom, settleConfirm } from '../../../src/ui/confirm.ts';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

type Run = (input: { amount: string }, key: string) => Promise<string>;

function setUp(run: Run) {
  const spy = vi.fn(run);
  const hook = renderHook(
    () =>
      useMoneyAction({
        confirm: (input: { amount: string }) => ({ message: `Send ${input.amount}?` }),
        run: spy,
        successMessage: () => 'Sent',
        failureMessage: () => 'Transfer failed, try again',
      }),
    { wrapper },
  );
  return { hook, spy, keys: () => spy.mock.calls.map((call) => call[1]) };
}

/** Submits and answers the confirm popup. */
async function submitConfirmed(
  hook: ReturnType<typeof setUp>['hook'],
  input: { amount: string },
  accept = true,
) {
  let done: Promise<void> | undefined;
  act(() => {
    done = hook.result.current.submit(input);
  });
  await waitFor(() => expect(store.get(pendingConfirmAtom)?.message).toBe(`Send ${input.amount}?`));
  await act(async () => {
    settleConfirm(accept);
    await done;
  });
}

describe('useMoneyAction', () => {
  it('asks first and sends nothing when the user cancels', async () => {
    const { hook, spy } = setUp(async () => 'ok');
    await submitConfirmed(hook, { amount: '1' }, false);
    expect(spy).not.toHaveBeenCalled();
  });

  it('a retry after a lost answer sends the same key; the next intent gets a new one', async () => {
    let calls = 0;
    const { hook, keys } = setUp(async () => {
      calls += 1;
      if (calls === 1) throw new NoResponseError('timeout');
      return 'ok';
    });
    await submitConfirmed(hook, { amount: '1' });
    expect(hook.result.current.canRetry).toBe(true);
    expect(hook.result.current.failure).toContain('Transfer failed, try again');
    await act(() => hook.result.current.retry());
    expect(hook.result.current.canRetry).toBe(false);
    await submitConfirmed(hook, { amount: '1' });
    const [first, retried, next] = keys();
    expect(retried).toBe(first);
    expect(next).not.toBe(first);
    expect(first).toMatch(/^[\x21-\x7e]{1,128}$/);
  });

  it('submitting the same thing again after a lost answer is the same intent', async () => {
    let calls = 0;
    const { hook, keys } = setUp(async () => {
      calls += 1;
      if (calls === 1) throw new NoResponseError('timeout');
      return 'ok';
    });
    await submitConfirmed(hook, { amount: '2' });
    await submitConfirmed(hook, { amount: '2' });
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('a refusal ends the intent and shows the server message', async () => {
    const { hook, keys } = setUp(async () => {
      throw new ApiError(40010, 'Balance not enough', 400);
    });
    await submitConfirmed(hook, { amount: '3' });
    expect(hook.result.current.failure).toBe('Balance not enough');
    expect(hook.result.current.canRetry).toBe(false);
    await submitConfirmed(hook, { amount: '3' });
    expect(keys()[1]).not.toBe(keys()[0]);
  });

  it('is disabled offline, with the reason', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { hook, spy } = setUp(async () => 'ok');
    expect(hook.result.current.disabledReason).toMatch(/offline/i);
    await act(() => hook.result.current.submit({ amount: '1' }));
    expect(store.get(pendingConfirmAtom)).toBeNull();
    expect(spy).not.toHaveBeenCalled();
    online.mockRestore();
  });
});
