// The orders route starts the list of the filter in its URL, keyed by that filter: a new
// filter (or a preload of one) starts its own list, the same filter starts nothing again.
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import type { RouterContext } from '../../../src/router/routerContext.ts';
import { Route as OrdersRoute } from '../../../src/routes/_auth/mall/orders/index.tsx';
import { sessionAtom } from '../../../src/state/session.ts';
import { signedOutSession } from '../../../src/state/sessionEvents.ts';

const ADDRESS = '0x00000000000000000000000000000000000000a1';

function setUp() {
  const store = createStore();
  store.set(sessionAtom, { ...signedOutSession, token: 't', address: ADDRESS });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const asked: string[] = [];
  const api = {
    call: vi.fn(async (_endpoint: unknown, input: { status?: string }) => {
      asked.push(input.status ?? 'all');
      return { list: [], total: 0 };
    }),
  } as unknown as ApiClient;
  // Each loader run asks the cache for its list once: these are the runs, by filter.
  const runs: string[] = [];
  const ensure = queryClient.ensureInfiniteQueryData.bind(queryClient);
  vi.spyOn(queryClient, 'ensureInfiniteQueryData').mockImplementation((options) => {
    const params = options.queryKey[3] as { status?: string };
    runs.push(params.status ?? 'all');
    return ensure(options);
  });

  const root = createRootRouteWithContext<RouterContext>()();
  const { validateSearch, loaderDeps, loader } = OrdersRoute.options;
  const orders = createRoute({
    getParentRoute: () => root,
    path: '/mall/orders',
    validateSearch,
    loaderDeps,
    loader,
  } as never);
  const router = createRouter({
    routeTree: root.addChildren([orders]),
    history: createMemoryHistory({ initialEntries: ['/mall/orders'] }),
    context: { store, api, queryClient },
  });
  /** Lets each started loader reach the cache (its query modules load on demand). */
  const settled = async () => {
    await vi.dynamicImportSettled();
    await Promise.resolve();
    // Later steps come a while after: each has had time to go stale for the router.
    vi.setSystemTime(Date.now() + 60_000);
  };
  return { router, runs, asked, settled };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the orders route', () => {
  it('starts the list of each filter the URL names, once, and nothing for a repeated one', async () => {
    const { router, runs, asked, settled } = setUp();
    await router.load();
    await settled();
    expect(runs).toEqual(['all']);

    await router.navigate({ to: '/mall/orders', search: { status: 'shipped' } } as never);
    await settled();
    expect(runs).toEqual(['all', 'shipped']);

    // The same filter with something else in the URL: the same list, not started again.
    await router.navigate({
      to: '/mall/orders',
      search: { status: 'shipped', from: 'x' },
    } as never);
    await settled();
    expect(runs).toEqual(['all', 'shipped']);

    // An unknown filter is no filter: the list of all orders, already there.
    await router.navigate({ to: '/mall/orders', search: { status: 'lost' } } as never);
    await settled();
    expect(runs).toEqual(['all', 'shipped', 'all']);
    expect(asked).toEqual(['all', 'shipped']);
  });

  it('a preload of another filter starts that filter list while this one shows', async () => {
    const { router, runs, asked, settled } = setUp();
    await router.load();
    await settled();
    await router.preloadRoute({ to: '/mall/orders', search: { status: 'received' } } as never);
    await settled();
    expect(runs).toEqual(['all', 'received']);
    await vi.waitFor(() => expect(asked).toEqual(['all', 'received']));
  });
});
