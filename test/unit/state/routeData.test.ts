import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { warmQueries } from '../../../src/state/routeData.ts';

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
