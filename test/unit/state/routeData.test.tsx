import {
  infiniteQueryOptions,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PRELOAD_FRESH_MS, refetchUnlessPreloaded } from '../../../src/state/preloads.ts';
import { warmQueries } from '../../../src/state/warmQueries.ts';

function setUp() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe('warmQueries', () => {
  it('fetches a query not cached yet, once, and leaves a cached one alone', async () => {
    const queryClient = setUp();
    const fetchWallet = vi.fn(async () => ({ balance: '1' }));
    const wallet = queryOptions({ queryKey: ['wallet'], queryFn: fetchWallet });
    warmQueries(queryClient, [wallet]);
    warmQueries(queryClient, [wallet]);
    await vi.waitFor(() => expect(queryClient.getQueryData(['wallet'])).toEqual({ balance: '1' }));
    warmQueries(queryClient, [wallet]);
    expect(fetchWallet).toHaveBeenCalledTimes(1);
  });

  it('skips a query its screen would not run', () => {
    const queryClient = setUp();
    const fetchInfo = vi.fn(async () => ({}));
    warmQueries(queryClient, [
      queryOptions({ queryKey: ['info', null], queryFn: fetchInfo, enabled: false }),
    ]);
    expect(fetchInfo).not.toHaveBeenCalled();
  });

  it('leaves a failure for the screen: nothing is thrown, nothing is cached', async () => {
    const queryClient = setUp();
    const refused = vi.fn(async () => {
      throw new Error('offline');
    });
    expect(() =>
      warmQueries(queryClient, [queryOptions({ queryKey: ['refused'], queryFn: refused })]),
    ).not.toThrow();
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryData(['refused'])).toBeUndefined();
  });

  it('fetches the first page of a record list', async () => {
    const queryClient = setUp();
    const page = vi.fn(async ({ pageParam }: { pageParam: number }) => ({ page: pageParam }));
    warmQueries(queryClient, [
      infiniteQueryOptions({
        queryKey: ['list'],
        queryFn: page,
        initialPageParam: 1,
        getNextPageParam: () => undefined,
      }),
    ]);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['list'])).toEqual({ pages: [{ page: 1 }], pageParams: [1] }),
    );
  });
});

describe('a preload and the screen it was for', () => {
  function setUpScreen() {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnMount: refetchUnlessPreloaded } },
    });
    const fetchBalances = vi.fn(async () => ({ balance: String(fetchBalances.mock.calls.length) }));
    // Balances: every answer is stale at once, so each visit fetches them again.
    const balances = queryOptions({ queryKey: ['balances'], queryFn: fetchBalances, staleTime: 0 });
    function Balances() {
      const { data } = useQuery(balances);
      return <p>{data ? `Balance ${data.balance}` : 'Loading'}</p>;
    }
    const page = (mode: 'visible' | 'hidden' = 'visible') => (
      <QueryClientProvider client={queryClient}>
        <Activity mode={mode}>
          <Balances />
        </Activity>
      </QueryClientProvider>
    );
    const preload = async () => {
      warmQueries(queryClient, [balances]);
      await vi.waitFor(() => expect(queryClient.getQueryData(['balances'])).toBeDefined());
      // The loader marks its answer once it has it.
      await act(async () => undefined);
    };
    /** Lets a mounted screen start whatever it fetches. */
    const settle = () => act(async () => undefined);
    return { fetchBalances, page, preload, settle, queryClient };
  }

  it('the screen opened after a preload shows its answer without asking again', async () => {
    const { fetchBalances, page, preload, settle } = setUpScreen();
    await preload();
    render(page());
    await settle();
    expect(screen.getByText('Balance 1')).toBeTruthy();
    expect(fetchBalances).toHaveBeenCalledTimes(1);
  });

  it('a later visit asks again, and so does a kept page shown again', async () => {
    const { fetchBalances, page, preload, settle } = setUpScreen();
    await preload();
    const first = render(page());
    await settle();
    first.unmount();
    const again = render(page());
    await settle();
    expect(fetchBalances).toHaveBeenCalledTimes(2);

    // A kept page: hidden, then shown again.
    again.rerender(page('hidden'));
    await settle();
    again.rerender(page('visible'));
    await settle();
    expect(fetchBalances).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(screen.getByText('Balance 3')).toBeTruthy());
  });

  it('a preload a money action made out of date is asked again when the screen opens', async () => {
    const { fetchBalances, page, preload, settle, queryClient } = setUpScreen();
    await preload();
    // A withdrawal sent meanwhile: the action says the balances changed.
    await act(() => queryClient.invalidateQueries({ queryKey: ['balances'] }));
    render(page());
    await settle();
    expect(fetchBalances).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(screen.getByText('Balance 2')).toBeTruthy());
  });

  it('a preload the user did not follow soon is asked again when the screen opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { fetchBalances, page, preload, settle } = setUpScreen();
      await preload();
      vi.setSystemTime(Date.now() + PRELOAD_FRESH_MS);
      render(page());
      await settle();
      expect(fetchBalances).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer already cached when the loader ran is no preload: the screen asks again', async () => {
    const { fetchBalances, page, preload, settle } = setUpScreen();
    const earlier = render(page());
    await vi.waitFor(() => expect(screen.getByText('Balance 1')).toBeTruthy());
    earlier.unmount();
    await preload();
    expect(fetchBalances).toHaveBeenCalledTimes(1);
    render(page());
    await settle();
    expect(fetchBalances).toHaveBeenCalledTimes(2);
  });
});
