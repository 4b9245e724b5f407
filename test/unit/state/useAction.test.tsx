import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { defineEndpoint, type AnyEndpoint } from '../../../contract/api/endpoint.ts';
import { ApiError, NoResponseError } from '../../../src/api/requestErrors.ts';
import { useAction } from '../../../src/state/actions/useAction.ts';
import { ApiProvider } from '../../../src/state/apiContext.tsx';
import { recordKeys } from '../../../src/state/records/recordList.ts';
import { store } from '../../../src/state/store.ts';
import { dispatchSessionAtom } from '../../../src/state/session.ts';
import { pendingConfirmAtom, settleConfirm } from '../../../src/ui/confirm.ts';
import { activateEnglish } from '../support/i18n.ts';
import { signInTestSession } from '../support/session.ts';

beforeAll(activateEnglish);

const send = defineEndpoint({
  method: 'POST',
  path: '/api/v1/test/send',
  input: v.object({ amount: v.string() }),
  output: v.object({ id: v.number() }),
  idempotent: true,
  changes: ['transfers'],
});

const rename = defineEndpoint({
  method: 'POST',
  path: '/api/v1/test/rename',
  input: v.object({ name: v.string() }),
  output: v.null(),
});

type Answer = (endpoint: AnyEndpoint, input: unknown) => Promise<unknown>;

/** Typed as `send` for the hook; `rename` answers the same shape of options. */
function setUp(
  endpoint: typeof send | typeof rename,
  answer: Answer,
  confirm = true,
  onSuccess?: () => void,
) {
  const call = vi.fn(
    (endpoint: AnyEndpoint, input: unknown, _options?: { idempotencyKey?: string }) =>
      answer(endpoint, input),
  );
  const api = { call, image: vi.fn() } as unknown as ApiClient;
  const queryClient = new QueryClient();
  function wrapper({ children }: { children: ReactNode }) {
    return (
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={api}>{children}</ApiProvider>
        </QueryClientProvider>
      </JotaiProvider>
    );
  }
  const hook = renderHook(
    () =>
      useAction(endpoint as typeof send, {
        ...(confirm ? { confirm: (input) => ({ message: `Send ${input.amount}?` }) } : {}),
        successMessage: () => 'Sent',
        failureMessage: () => 'Transfer failed, try again',
        ...(onSuccess ? { onSuccess } : {}),
      }),
    { wrapper },
  );
  const keys = () => call.mock.calls.map((args) => args[2]?.idempotencyKey);
  return { hook, call, keys, queryClient };
}

/** Submits and answers the confirm popup. */
async function submitConfirmed(
  hook: ReturnType<typeof setUp>['hook'],
  input: { amount: string },
  accept = true,
) {
  let done: Promise<boolean> | undefined;
  act(() => {
    done = hook.result.current.submit(input);
  });
  await waitFor(() => expect(store.get(pendingConfirmAtom)?.message).toBe(`Send ${input.amount}?`));
  let succeeded = false;
  await act(async () => {
    settleConfirm(accept);
    succeeded = (await done) ?? false;
  });
  return succeeded;
}

beforeEach(() => signInTestSession(store));
afterEach(() => store.set(dispatchSessionAtom, { type: 'signedOut' }));

describe('useAction', () => {
  it('signed out (a page of kept records), says why and sends nothing', async () => {
    store.set(dispatchSessionAtom, { type: 'signedOut' });
    const { hook, call } = setUp(send, async () => ({ id: 1 }));
    expect(hook.result.current.disabledReason).toBe('Sign in to do this.');
    let sent = true;
    await act(async () => {
      sent = await hook.result.current.submit({ amount: '1' });
    });
    expect(sent).toBe(false);
    expect(call).not.toHaveBeenCalled();
    expect(store.get(pendingConfirmAtom)).toBeNull();
  });

  it('asks first and sends nothing when the user cancels', async () => {
    const { hook, call } = setUp(send, async () => ({ id: 1 }));
    expect(await submitConfirmed(hook, { amount: '1' }, false)).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });

  it('calls the endpoint it was given with the input, and says it succeeded', async () => {
    const { hook, call } = setUp(send, async () => ({ id: 7 }));
    expect(await submitConfirmed(hook, { amount: '5' })).toBe(true);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![0]).toBe(send);
    expect(call.mock.calls[0]![1]).toEqual({ amount: '5' });
    expect(hook.result.current.failure).toBeNull();
  });

  it('a retry after a lost answer sends the same key; the next intent gets a new one', async () => {
    let calls = 0;
    const { hook, keys } = setUp(send, async () => {
      calls += 1;
      if (calls === 1) throw new NoResponseError('timeout');
      return { id: 1 };
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
    const { hook, keys } = setUp(send, async () => {
      calls += 1;
      if (calls === 1) throw new NoResponseError('timeout');
      return { id: 1 };
    });
    await submitConfirmed(hook, { amount: '2' });
    await submitConfirmed(hook, { amount: '2' });
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('a refusal ends the intent and shows the server message', async () => {
    const { hook, keys } = setUp(send, async () => {
      throw new ApiError(40010, 'Balance not enough', 400);
    });
    expect(await submitConfirmed(hook, { amount: '3' })).toBe(false);
    expect(hook.result.current.failure).toBe('Balance not enough');
    expect(hook.result.current.canRetry).toBe(false);
    await submitConfirmed(hook, { amount: '3' });
    expect(keys()[1]).not.toBe(keys()[0]);
  });

  it('sends no idempotency key to an endpoint that takes none, and runs without asking', async () => {
    const { hook, call } = setUp(rename, async () => null, false);
    let succeeded = false;
    await act(async () => {
      succeeded = await hook.result.current.submit({ name: 'Ann' } as never);
    });
    expect(succeeded).toBe(true);
    expect(store.get(pendingConfirmAtom)).toBeNull();
    expect(call.mock.calls[0]![2]).toBeUndefined();
  });

  it('refreshes exactly the cached areas the endpoint says it changes', async () => {
    const { hook, queryClient } = setUp(send, async () => ({ id: 1 }));
    const transfers = recordKeys.list('0xabc', 'transfers');
    const withdrawals = recordKeys.list('0xabc', 'withdrawals');
    queryClient.setQueryData(transfers, { pages: [] });
    queryClient.setQueryData(withdrawals, { pages: [] });
    await submitConfirmed(hook, { amount: '1' });
    expect(queryClient.getQueryState(transfers)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(withdrawals)?.isInvalidated).toBe(false);
  });

  it('lets the screen react (a form cleared) at once, not after the changed data is read again', async () => {
    const reacted = vi.fn();
    const { hook, queryClient } = setUp(send, async () => ({ id: 1 }), true, reacted);
    const transfers = recordKeys.list('0xabc', 'transfers');
    let answerRead = () => {};
    // A list on screen whose reading again is still under way.
    const stop = new QueryObserver(queryClient, {
      queryKey: transfers,
      queryFn: () => new Promise((resolve) => (answerRead = () => resolve({ pages: [] }))),
      initialData: { pages: [] },
      staleTime: Infinity,
    }).subscribe(() => {});
    let done: Promise<boolean> | undefined;
    act(() => {
      done = hook.result.current.submit({ amount: '1' });
    });
    await waitFor(() => expect(store.get(pendingConfirmAtom)).not.toBeNull());
    act(() => settleConfirm(true));
    await waitFor(() => expect(queryClient.getQueryState(transfers)?.fetchStatus).toBe('fetching'));
    expect(reacted).toHaveBeenCalledTimes(1);
    await act(async () => {
      answerRead();
      await done;
    });
    stop();
  });

  it('is disabled offline, with the reason', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { hook, call } = setUp(send, async () => ({ id: 1 }));
    expect(hook.result.current.disabledReason).toMatch(/offline/i);
    await act(() => hook.result.current.submit({ amount: '1' }));
    expect(store.get(pendingConfirmAtom)).toBeNull();
    expect(call).not.toHaveBeenCalled();
    online.mockRestore();
  });
});
