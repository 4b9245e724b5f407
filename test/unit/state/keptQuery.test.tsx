import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../../contract/api/card/cards.ts';
import { openRecordCache, type RecordCache } from '../../../src/offline/recordCache.ts';
import { RecordCacheProvider } from '../../../src/offline/recordCacheContext.tsx';
import { cardBalanceKept } from '../../../src/state/queries/card/cards.ts';
import {
  keptInLanguage,
  keptRecordId,
  useKeptQuery,
} from '../../../src/state/queries/keptQuery.ts';
import { currentLocale } from '../../../src/i18n/current.ts';
import { dispatchSessionAtom } from '../../../src/state/session.ts';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const NOTICE = keptRecordId('noticeDetail', { id: '42', lang: 'en' });

function wrapperFor(cache: RecordCache) {
  const store = createStore();
  store.set(dispatchSessionAtom, {
    type: 'signedIn',
    token: 't',
    expiresAt: 'x',
    address: ADDRESS,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <RecordCacheProvider cache={cache}>{children}</RecordCacheProvider>
      </QueryClientProvider>
    </Provider>
  );
}

const notice = (queryFn: () => Promise<{ title: string }>) =>
  queryOptions({ queryKey: ['notice', 42], queryFn });

describe('useKeptQuery', () => {
  it('keeps each answer, and shows the kept copy with its age when the server is silent', async () => {
    const cache = openRecordCache('kept-a');
    const first = renderHook(
      () =>
        useKeptQuery(
          notice(async () => ({ title: 'Upgrade' })),
          { record: NOTICE },
        ),
      {
        wrapper: wrapperFor(cache),
      },
    );
    await waitFor(() => expect(first.result.current.data).toEqual({ title: 'Upgrade' }));
    expect(first.result.current.asOf).toBeNull();
    await waitFor(async () =>
      expect(
        await cache.readRecord(ADDRESS, keptInLanguage(NOTICE, currentLocale())),
      ).toBeDefined(),
    );
    const saved = await cache.readRecord(ADDRESS, keptInLanguage(NOTICE, currentLocale()));
    first.unmount();

    const never = () => new Promise<never>(() => undefined);
    const second = renderHook(() => useKeptQuery(notice(never), { record: NOTICE }), {
      wrapper: wrapperFor(cache),
    });
    await waitFor(() => expect(second.result.current.data).toEqual({ title: 'Upgrade' }));
    expect(second.result.current.pending).toBe(false);
    expect(second.result.current.kept).toEqual({ title: 'Upgrade' });
    expect(second.result.current.asOf?.getTime()).toBe(saved!.savedAt);
  });

  it('shows the kept copy when the load fails, and says it failed when nothing was kept', async () => {
    const cache = openRecordCache('kept-b');
    await cache.writeRecord({
      address: ADDRESS,
      record: keptInLanguage(NOTICE, currentLocale()),
      data: { title: 'Old' },
      savedAt: 7,
    });
    const failing = () => Promise.reject(new Error('down'));
    const kept = renderHook(() => useKeptQuery(notice(failing), { record: NOTICE }), {
      wrapper: wrapperFor(cache),
    });
    await waitFor(() => expect(kept.result.current.data).toEqual({ title: 'Old' }));
    expect(kept.result.current.failed).toBe(false);
    expect(kept.result.current.asOf?.getTime()).toBe(7);

    const none = renderHook(() => useKeptQuery(notice(failing), { record: 'other' }), {
      wrapper: wrapperFor(cache),
    });
    await waitFor(() => expect(none.result.current.failed).toBe(true));
    expect(none.result.current.data).toBeUndefined();
  });

  it("keeps a card's balance and state, never its number, expiry or holder", async () => {
    const cache = openRecordCache('kept-c');
    const card: Card = {
      id: '7',
      type: 'virtual',
      region: 'HK',
      status: 'active',
      masked_number: '**** **** **** 1234',
      last4: '1234',
      expiry: '09/29',
      balance: '12.5',
      pending_recharge: '0',
      coin: 'USDT',
      holder_name: 'San Zhang',
      application_id: '3',
      pin_set: true,
      blocked_reason: null,
      created_at: '2025-01-01T00:00:00Z',
    };
    const { result } = renderHook(
      () =>
        useKeptQuery(
          queryOptions({ queryKey: ['card', '7'], queryFn: async () => card }),
          cardBalanceKept('7'),
        ),
      { wrapper: wrapperFor(cache) },
    );
    await waitFor(() => expect(result.current.data).toEqual(card));
    await waitFor(async () =>
      expect(
        await cache.readRecord(ADDRESS, keptInLanguage('cardBalance:{"id":"7"}', currentLocale())),
      ).toBeDefined(),
    );
    const kept = await cache.readRecord(
      ADDRESS,
      keptInLanguage('cardBalance:{"id":"7"}', currentLocale()),
    );
    expect(kept?.data).toEqual({
      id: '7',
      type: 'virtual',
      status: 'active',
      balance: '12.5',
      pending_recharge: '0',
      coin: 'USDT',
    });
    expect(JSON.stringify(kept)).not.toMatch(/1234|09\/29|San Zhang/);
  });
});
