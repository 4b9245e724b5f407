// Starts the queries a route's loader names (routeData.ts) and marks the answers it fetched
// as preloads (preloads.ts). Loaded with the query modules, not with the first screen.
import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryCache,
  QueryClient,
} from '@tanstack/react-query';
import { preloaded } from './preloads.ts';

/** A query's options as the query modules build them (`queryOptions`, `recordListOptions`). */
export interface QueryNeed {
  queryKey: readonly unknown[];
  enabled?: unknown;
  initialPageParam?: unknown;
}

const watched = new WeakSet<QueryCache>();

function markPreloaded(queryClient: QueryClient, queryKey: readonly unknown[]): void {
  const cache = queryClient.getQueryCache();
  if (!watched.has(cache)) {
    watched.add(cache);
    cache.subscribe((event) => {
      if (event.type === 'observerRemoved') preloaded.delete(event.query);
    });
  }
  const query = cache.find({ queryKey, exact: true });
  if (query && query.getObserversCount() === 0) preloaded.set(query, query.state.dataUpdatedAt);
}

/** Fetches each query not in the cache yet; a query its screen would not run is skipped. */
export function warmQueries(queryClient: QueryClient, needs: readonly QueryNeed[]): void {
  for (const need of needs) {
    if (need.enabled === false) continue;
    // Only an answer the loader itself fetched counts as a preload: a cached one may be old.
    const fetches = queryClient.getQueryData(need.queryKey) === undefined;
    const started =
      need.initialPageParam !== undefined
        ? queryClient.ensureInfiniteQueryData(need as FetchInfiniteQueryOptions)
        : queryClient.ensureQueryData(need as FetchQueryOptions);
    started.then(
      () => {
        if (fetches) markPreloaded(queryClient, need.queryKey);
      },
      () => undefined,
    );
  }
}
