// The one list pattern (issue 5): every record list is a TanStack infinite query over the
// server's `page`/`page_size` → `list`/`total` shape, keyed by one key factory, with the last
// copy of every page loaded (up to the cache's bound) kept per address in the offline record
// cache: a list the user scrolled through can be read again offline, whole.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ApiClient } from '../../api/client.ts';
import type { AnyEndpoint, ListItem } from '../../../contract/api/endpoint.ts';
import { useEffect } from 'react';
import { useRecordCache } from '../../offline/recordCacheContext.tsx';
import { currentLocale } from '../../i18n/current.ts';
import { readerAddressAtom } from '../reader.ts';
import { addressAtom } from '../session.ts';

export const RECORD_PAGE_SIZE = 20;
/**
 * While a list shows a record the server is still working on (a withdrawal processing, an
 * application under review), it looks again this often, so the change shows without a tap.
 * Only while the page is visible (TanStack Query pauses intervals in the background).
 */
export const UNSETTLED_REFRESH_MS = 30_000;

export interface RecordPage<T> {
  list: T[];
  total: number;
}

export type ListParams = Record<string, string | number | undefined>;

/**
 * Every list's query key; `recordKeys.all` invalidates every list after a money action. The
 * language is part of each key: rows carry words the server wrote in the request's LANG, so a
 * list read in one language is never shown in another.
 */
export const recordKeys = {
  all: ['records'] as const,
  list: (address: string | null, name: string, params: ListParams = {}, locale = currentLocale()) =>
    ['records', address, name, params, locale] as const,
  cached: (
    address: string | null,
    name: string,
    params: ListParams = {},
    locale = currentLocale(),
  ) => ['records-cached', address, name, params, locale] as const,
};

export interface RecordListSource<T> {
  /** Names the list in keys and in the offline cache, e.g. 'moneyLog'. */
  name: string;
  params?: ListParams;
  fetchPage: (page: number, pageSize: number, signal: AbortSignal) => Promise<RecordPage<T>>;
  pageSize?: number;
  /**
   * False for lists of personal data (identity, addresses): never kept on the device. A
   * function keeps only what it returns of each row (a card without its number or holder);
   * the screen then shows a kept row without what was left out.
   */
  keepOffline?: boolean | ((item: T) => T);
  /** A record that may still change on the server's side (see UNSETTLED_REFRESH_MS). */
  unsettled?: (item: T) => boolean;
  /**
   * How long a fetched list counts as fresh (default: the app's). 0 for a list on a kept
   * page that must be fetched again each time the page is shown (e.g. card balances).
   */
  staleTime?: number;
}

/** The source, refreshed while any record it shows is `unsettled`. */
export function watchUnsettled<T>(
  source: RecordListSource<T>,
  unsettled: (item: T) => boolean,
): RecordListSource<T> {
  return { ...source, unsettled };
}

/**
 * A list the server pages by the wire convention (`page`, `page_size` in; `list`, `total`
 * out), with `params` sent as further query fields (a filter, a tab).
 */
/** A list read page by page from a paged GET endpoint (`page`, `page_size` in the query). */
export function serverList<E extends AnyEndpoint>(
  api: ApiClient,
  source: {
    name: string;
    endpoint: E;
    params?: ListParams;
  },
): RecordListSource<ListItem<E>> {
  return {
    name: source.name,
    ...(source.params ? { params: source.params } : {}),
    fetchPage: (page, pageSize, signal) =>
      api.call(
        source.endpoint as AnyEndpoint,
        { ...source.params, page: String(page), page_size: String(pageSize) } as never,
        { signal },
      ) as Promise<RecordPage<ListItem<E>>>,
  };
}

/** A list's name in the device's record cache; each language keeps its own copy. */
export function cacheListId(name: string, params: ListParams = {}): string {
  return baseCacheId(name, { ...params, lang: params['lang'] ?? currentLocale() });
}

/** A record's name without the language (state/queries/keptQuery.ts adds it where it reads). */
export function baseCacheId(name: string, params: ListParams): string {
  const defined = Object.entries(params).filter(([, value]) => value !== undefined);
  defined.sort(([a], [b]) => a.localeCompare(b));
  return `${name}:${JSON.stringify(Object.fromEntries(defined))}`;
}

export function recordListOptions<T>(address: string | null, source: RecordListSource<T>) {
  const pageSize = source.pageSize ?? RECORD_PAGE_SIZE;
  return infiniteQueryOptions({
    queryKey: recordKeys.list(address, source.name, source.params),
    queryFn: ({ pageParam, signal }) => source.fetchPage(pageParam, pageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last: RecordPage<T>, pages: RecordPage<T>[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    enabled: address !== null,
    ...(source.staleTime === undefined ? {} : { staleTime: source.staleTime }),
    refetchInterval: (query: { state: { data?: { pages: RecordPage<T>[] } } }) => {
      const { unsettled } = source;
      const pending = query.state.data?.pages.some((page) =>
        page.list.some((item) => unsettled?.(item)),
      );
      return pending ? UNSETTLED_REFRESH_MS : false;
    },
  });
}

export interface RecordListState<T> {
  items: T[];
  total: number;
  /**
   * 'loading': nothing to show yet; 'error': nothing to show and the load failed; 'notKept':
   * signed out, and this device kept no copy.
   */
  status: 'loading' | 'error' | 'ready' | 'notKept';
  error: unknown;
  /** Set when the items shown are the cached copy: when the server gave it. */
  asOf: Date | null;
  /** The fresh copy could not be fetched because the device is offline. */
  offline: boolean;
  /** Signed out (state/reader.ts): only the kept copy can be shown. */
  readOnly: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  refreshing: boolean;
  loadMore: () => void;
  refresh: () => Promise<void>;
}

/** A query's fresh copy cannot be fetched because the device is offline. */
export function cannotReachServer(query: { fetchStatus: string; isError: boolean }): boolean {
  return query.fetchStatus === 'paused' || (query.isError && !navigator.onLine);
}

// One function for every list (an effect below depends on it).
const wholeRow = <T>(item: T): T => item;

export function useRecordList<T>(source: RecordListSource<T>): RecordListState<T> {
  const address = useAtomValue(addressAtom);
  // Signed in: the same address. Signed out on a page of kept records: the one last signed in.
  const reader = useAtomValue(readerAddressAtom);
  const readOnly = address === null && reader !== null;
  const cache = useRecordCache();
  const queryClient = useQueryClient();
  const listId = cacheListId(source.name, source.params);
  const keep = source.keepOffline !== false;
  const { keepOffline } = source;
  const keptRow: (item: T) => T = typeof keepOffline === 'function' ? keepOffline : wholeRow;
  const live = useInfiniteQuery(recordListOptions(address, source));
  const cached = useQuery({
    queryKey: recordKeys.cached(reader, source.name, source.params),
    queryFn: async () => (reader ? ((await cache.read<T>(reader, listId)) ?? null) : null),
    enabled: reader !== null && keep,
    staleTime: Infinity,
    networkMode: 'always',
  });

  const pages = live.data?.pages;
  const firstPage = pages?.[0];
  const loadedAt = live.dataUpdatedAt;
  useEffect(() => {
    if (!address || !pages?.[0] || !keep) return;
    void cache
      .write({
        address,
        list: listId,
        // The last visit's pages replace the older copy: one copy, one age.
        items: pages.flatMap((page) => page.list).map(keptRow),
        total: pages[0].total,
        savedAt: loadedAt,
      })
      .catch(() => undefined);
  }, [address, cache, listId, pages, loadedAt, keep, keptRow]);

  const offline = cannotReachServer(live);
  const refresh = async () => {
    // Signed out there is nothing fresher to ask for (the request would be refused).
    if (address === null) return;
    await live.refetch();
    void queryClient.invalidateQueries({
      queryKey: recordKeys.cached(address, source.name, source.params),
    });
  };
  const loadMore = () => {
    if (live.hasNextPage && !live.isFetchingNextPage) void live.fetchNextPage();
  };
  const common = {
    error: live.error,
    offline,
    readOnly,
    loadMore,
    refresh,
    refreshing: live.isRefetching && !live.isFetchingNextPage,
  };

  if (live.data) {
    return {
      ...common,
      items: live.data.pages.flatMap((page) => page.list),
      total: firstPage?.total ?? 0,
      status: 'ready',
      asOf: null,
      hasMore: live.hasNextPage,
      loadingMore: live.isFetchingNextPage,
    };
  }
  const copy = cached.data;
  if (copy) {
    return {
      ...common,
      items: copy.items,
      total: copy.total,
      status: 'ready',
      asOf: new Date(copy.savedAt),
      hasMore: false,
      loadingMore: false,
    };
  }
  return {
    ...common,
    items: [],
    total: 0,
    // Read-only with nothing kept: the screen says so (ui/RecordList.tsx) rather than loading.
    // A list never kept has no copy to wait for (its cache query never runs).
    status: live.isError
      ? 'error'
      : readOnly && (!keep || !cached.isPending)
        ? 'notKept'
        : 'loading',
    asOf: null,
    hasMore: false,
    loadingMore: false,
  };
}
