import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { openRecordCache, type RecordCache } from '../../../src/offline/recordCache.ts';
import { RecordCacheProvider } from '../../../src/offline/recordCacheContext.tsx';
import {
  cacheListId,
  UNSETTLED_REFRESH_MS,
  useRecordList,
  type RecordListSource,
} from '../../../src/state/records/recordList.ts';
import { lastAddressAtom } from '../../../src/state/preferences.ts';
import { dispatchSessionAtom } from '../../../src/state/session.ts';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ROWS = Array.from({ length: 5 }, (_, i) => ({ id: `r${i}` }));

function wrapperFor(cache: RecordCache, { signedIn = true } = {}) {
  const store = createStore();
  if (signedIn) {
    store.set(dispatchSessionAtom, {
      type: 'signedIn',
      token: 't',
      expiresAt: 'x',
      address: ADDRESS,
    });
  } else {
    // Reopened signed out: only the address last signed in on this device is known.
    store.set(lastAddressAtom, ADDRESS);
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <RecordCacheProvider cache={cache}>{children}</RecordCacheProvider>
      </QueryClientProvider>
    </Provider>
  );
}

function source(fetchPage: RecordListSource<{ id: string }>['fetchPage']) {
  return { name: 'test', params: { coin: 'USDT' }, pageSize: 2, fetchPage };
}

const pages: RecordListSource<{ id: string }>['fetchPage'] = async (page, size) => ({
  list: ROWS.slice((page - 1) * size, page * size),
  total: ROWS.length,
});

describe('useRecordList', () => {
  it('signed out, shows the copy kept for the address last signed in, and asks the server nothing', async () => {
    const cache = openRecordCache('list-read-only');
    await cache.write({
      address: ADDRESS,
      list: cacheListId('test', { coin: 'USDT' }),
      items: ROWS.slice(0, 3),
      total: 5,
      savedAt: 1_700_000_000_000,
    });
    const fetchPage = vi.fn(pages);
    const kept = renderHook(() => useRecordList(source(fetchPage)), {
      wrapper: wrapperFor(cache, { signedIn: false }),
    });
    await waitFor(() => expect(kept.result.current.status).toBe('ready'));
    expect(kept.result.current.items.map((r) => r.id)).toEqual(['r0', 'r1', 'r2']);
    expect(kept.result.current.readOnly).toBe(true);
    expect(kept.result.current.asOf?.getTime()).toBe(1_700_000_000_000);
    await act(() => kept.result.current.refresh());
    expect(fetchPage).not.toHaveBeenCalled();

    const other = { ...source(fetchPage), name: 'never-opened' };
    const nothing = renderHook(() => useRecordList(other), {
      wrapper: wrapperFor(cache, { signedIn: false }),
    });
    await waitFor(() => expect(nothing.result.current.status).toBe('notKept'));
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('keeps only what the list allows of each row', async () => {
    const cache = openRecordCache('list-projection');
    const withSecret = async () => ({ list: [{ id: 'c1', secret: '4111' }], total: 1 });
    type Row = { id: string; secret?: string };
    const projected: RecordListSource<Row> = {
      name: 'cards',
      fetchPage: withSecret,
      keepOffline: ({ id }) => ({ id }),
    };
    const { result } = renderHook(() => useRecordList(projected), {
      wrapper: wrapperFor(cache),
    });
    await waitFor(() => expect(result.current.items).toEqual([{ id: 'c1', secret: '4111' }]));
    await waitFor(async () =>
      expect((await cache.read(ADDRESS, cacheListId('cards')))?.items).toEqual([{ id: 'c1' }]),
    );
  });

  it('loads page after page until the total is reached', async () => {
    const fetchPage = vi.fn(pages);
    const { result } = renderHook(() => useRecordList(source(fetchPage)), {
      wrapper: wrapperFor(openRecordCache('list-a')),
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items.map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(5));
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([1, 2, 3]);
  });

  it('shows the last saved copy with its age while the server is silent', async () => {
    const cache = openRecordCache('list-b');
    const first = renderHook(() => useRecordList(source(pages)), { wrapper: wrapperFor(cache) });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    await waitFor(async () =>
      expect(await cache.read(ADDRESS, cacheListId('test', { coin: 'USDT' }))).toBeDefined(),
    );
    const saved = await cache.read(ADDRESS, cacheListId('test', { coin: 'USDT' }));
    first.unmount();

    // A new visit (new query cache) whose fetch never answers.
    const never = () => new Promise<never>(() => undefined);
    const second = renderHook(() => useRecordList(source(never)), { wrapper: wrapperFor(cache) });
    await waitFor(() => expect(second.result.current.status).toBe('ready'));
    expect(second.result.current.items.map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(second.result.current.asOf?.getTime()).toBe(saved!.savedAt);
    expect(second.result.current.hasMore).toBe(false);
  });

  it('keeps every page loaded, and shows them all on the next visit', async () => {
    const cache = openRecordCache('list-all');
    const first = renderHook(() => useRecordList(source(pages)), { wrapper: wrapperFor(cache) });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    act(() => first.result.current.loadMore());
    await waitFor(() => expect(first.result.current.items).toHaveLength(4));
    act(() => first.result.current.loadMore());
    await waitFor(() => expect(first.result.current.items).toHaveLength(5));
    const id = cacheListId('test', { coin: 'USDT' });
    await waitFor(async () => expect((await cache.read(ADDRESS, id))?.items).toHaveLength(5));
    first.unmount();

    const never = () => new Promise<never>(() => undefined);
    const second = renderHook(() => useRecordList(source(never)), { wrapper: wrapperFor(cache) });
    await waitFor(() => expect(second.result.current.status).toBe('ready'));
    expect(second.result.current.items.map((r) => r.id)).toEqual(ROWS.map((r) => r.id));
    expect(second.result.current.total).toBe(5);
    expect(second.result.current.asOf).not.toBeNull();
  });

  it('never keeps a list of personal data on the device', async () => {
    const cache = openRecordCache('list-e');
    const write = vi.spyOn(cache, 'write');
    const read = vi.spyOn(cache, 'read');
    const personal = { ...source(pages), keepOffline: false };
    const { result } = renderHook(() => useRecordList(personal), { wrapper: wrapperFor(cache) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toHaveLength(2);
    expect(write).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });

  it('reports an error when nothing was saved and the load fails', async () => {
    const failing = () => Promise.reject(new Error('down'));
    const { result } = renderHook(() => useRecordList(source(failing)), {
      wrapper: wrapperFor(openRecordCache('list-c')),
    });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.items).toEqual([]);
  });

  it('an empty list is ready and has no more pages', async () => {
    const empty = async () => ({ list: [], total: 0 });
    const { result } = renderHook(() => useRecordList(source(empty)), {
      wrapper: wrapperFor(openRecordCache('list-d')),
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.hasMore).toBe(false);
  });

  it('looks again every 30 s while a record is unsettled, and stops once none is', async () => {
    // Only intervals are faked: the hook's promises still settle on real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const settle = async (done: () => boolean) => {
      for (let turn = 0; turn < 100 && !done(); turn++) {
        await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      }
      expect(done()).toBe(true);
    };
    try {
      let status = 'processing';
      const fetchPage = vi.fn(async () => ({ list: [{ id: 'w1', status }], total: 1 }));
      const { result } = renderHook(
        () =>
          useRecordList({
            name: 'withdrawals',
            fetchPage,
            unsettled: (row: { status: string }) => row.status === 'processing',
          }),
        { wrapper: wrapperFor(openRecordCache('list-unsettled')) },
      );
      await settle(() => result.current.status === 'ready');
      expect(fetchPage).toHaveBeenCalledTimes(1);
      await act(async () => {
        vi.advanceTimersByTime(UNSETTLED_REFRESH_MS - 1_000);
      });
      expect(fetchPage).toHaveBeenCalledTimes(1);
      status = 'completed';
      await act(async () => {
        vi.advanceTimersByTime(1_000);
      });
      await settle(() => result.current.items[0]?.status === 'completed');
      expect(fetchPage).toHaveBeenCalledTimes(2);
      // Nothing is unsettled now: no more looks.
      await act(async () => {
        vi.advanceTimersByTime(3 * UNSETTLED_REFRESH_MS);
      });
      await settle(() => true);
      expect(fetchPage).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
