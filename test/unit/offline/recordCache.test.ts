import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CacheBounds } from '../../../src/offline/cacheBounds.ts';
import { resetPersistenceRequest } from '../../../src/offline/deviceStorage.ts';
import {
  memoryRecordCache,
  openRecordCache,
  type RecordCache,
  type RecordCacheOptions,
} from '../../../src/offline/recordCache.ts';

const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let dbCount = 0;
const stores: Record<string, (options?: RecordCacheOptions) => RecordCache> = {
  IndexedDB: (options) => openRecordCache(`records-${++dbCount}`, options),
  memory: (options) => memoryRecordCache(options),
};

const list = (address: string, name: string, items: unknown[], savedAt: number) => ({
  address,
  list: name,
  items,
  total: items.length,
  savedAt,
});

describe.each(Object.entries(stores))('record cache (%s)', (_kind, make) => {
  it('keeps the last copy per address and list, whatever the address case', async () => {
    const cache = make();
    await cache.write({ address: ALICE, list: 'moneyLog:{}', items: [1, 2], total: 9, savedAt: 5 });
    await cache.write({ address: ALICE, list: 'moneyLog:{}', items: [3], total: 1, savedAt: 6 });
    expect(await cache.read(ALICE.toLowerCase(), 'moneyLog:{}')).toEqual({
      address: ALICE.toLowerCase(),
      list: 'moneyLog:{}',
      items: [3],
      total: 1,
      savedAt: 6,
    });
    expect(await cache.read(ALICE, 'income:{}')).toBeUndefined();
    expect(await cache.read(BOB, 'moneyLog:{}')).toBeUndefined();
  });

  it('keeps each filter of a list apart, and every loaded row up to 500', async () => {
    const cache = make();
    const rows = Array.from({ length: 620 }, (_, i) => i);
    await cache.write({ ...list(ALICE, 'moneyLog:{"coin":"JU"}', rows, 1), total: 700 });
    await cache.write(list(ALICE, 'moneyLog:{"coin":"USDT"}', ['u'], 1));
    const ju = await cache.read<number>(ALICE, 'moneyLog:{"coin":"JU"}');
    expect(ju?.items).toHaveLength(500);
    expect(ju?.items.at(-1)).toBe(499);
    expect(ju?.total).toBe(700);
    expect((await cache.read(ALICE, 'moneyLog:{"coin":"USDT"}'))?.items).toEqual(['u']);
  });

  it('keeps single records beside lists, with their age', async () => {
    const cache = make();
    await cache.write(list(ALICE, 'orders:{}', [1], 10));
    await cache.writeRecord({ address: ALICE, record: 'orders:{}', data: { one: 1 }, savedAt: 7 });
    await cache.writeRecord({ address: BOB, record: 'walletBalances', data: [2], savedAt: 8 });
    expect(await cache.readRecord(ALICE.toUpperCase().replace('0X', '0x'), 'orders:{}')).toEqual({
      address: ALICE.toLowerCase(),
      record: 'orders:{}',
      data: { one: 1 },
      savedAt: 7,
    });
    // Same name, other kind: a list and a record never overwrite each other.
    expect((await cache.read(ALICE, 'orders:{}'))?.items).toEqual([1]);
    expect(await cache.readRecord(ALICE, 'walletBalances')).toBeUndefined();
    expect((await cache.readRecord(BOB, 'walletBalances'))?.savedAt).toBe(8);
  });

  it('drops the oldest-saved entries first once 200 entries are kept', async () => {
    const cache = make();
    for (let i = 0; i < 200; i++)
      await cache.writeRecord({ address: ALICE, record: `r${i}`, data: i, savedAt: 1000 + i });
    // An older copy written last still lands: the oldest other entry makes room.
    await cache.writeRecord({ address: BOB, record: 'late', data: 'x', savedAt: 1 });
    expect(await cache.readRecord(ALICE, 'r0')).toBeUndefined();
    expect((await cache.readRecord(ALICE, 'r1'))?.data).toBe(1);
    expect((await cache.readRecord(BOB, 'late'))?.data).toBe('x');
    expect((await cache.usage()).entries).toBe(200);
  });

  it('drops the oldest lists once the rows of every list pass the bound', async () => {
    const bounds: CacheBounds = { listRows: 50, entries: 100, rows: 100 };
    const cache = make({ bounds });
    const rows = Array.from({ length: 50 }, (_, i) => i);
    await cache.write(list(ALICE, 'a', rows, 1));
    await cache.write(list(ALICE, 'b', rows, 3));
    await cache.write(list(BOB, 'c', rows, 2));
    expect(await cache.read(ALICE, 'a')).toBeUndefined();
    expect(await cache.read(ALICE, 'b')).toBeDefined();
    expect(await cache.read(BOB, 'c')).toBeDefined();
    expect(await cache.usage()).toMatchObject({ entries: 2, lists: 2, records: 0, rows: 100 });
  });

  it("forgets one address's lists and records and keeps the others'", async () => {
    const cache = make();
    await cache.write(list(ALICE, 'a', [1], 1));
    await cache.writeRecord({ address: ALICE, record: 'walletBalances', data: 1, savedAt: 1 });
    await cache.write(list(BOB, 'a', [2], 1));
    await cache.forget(ALICE.toLowerCase());
    expect(await cache.read(ALICE, 'a')).toBeUndefined();
    expect(await cache.readRecord(ALICE, 'walletBalances')).toBeUndefined();
    expect((await cache.read(BOB, 'a'))?.items).toEqual([2]);
  });

  it('clears everything on the device, and what the app adds to the clearing', async () => {
    const onClearAll = vi.fn();
    const cache = make({ onClearAll });
    await cache.write(list(ALICE, 'a', [1, 2, 3], 1));
    await cache.writeRecord({ address: BOB, record: 'teamSummary', data: 1, savedAt: 1 });
    expect(await cache.usage()).toMatchObject({
      entries: 2,
      lists: 1,
      records: 1,
      rows: 4,
      addresses: 2,
    });
    await cache.clearAll();
    expect(onClearAll).toHaveBeenCalledOnce();
    expect(await cache.read(ALICE, 'a')).toBeUndefined();
    expect(await cache.usage()).toMatchObject({ entries: 0, rows: 0, addresses: 0 });
  });
});

describe('record cache in IndexedDB', () => {
  it('survives reopening (a reload)', async () => {
    await openRecordCache('records-reopen').write(list(BOB, 'x', ['kept'], 42));
    expect((await openRecordCache('records-reopen').read(BOB, 'x'))?.items).toEqual(['kept']);
  });

  it("keeps version 1's lists when it upgrades", async () => {
    const v1 = await openDB('records-v1', 1, {
      upgrade(database) {
        database
          .createObjectStore('lists', { keyPath: ['address', 'list'] })
          .createIndex('byAddress', 'address');
      },
    });
    await v1.put('lists', { ...list(ALICE.toLowerCase(), 'moneyLog:{}', ['old'], 5), total: 30 });
    await v1.put('lists', list(BOB.toLowerCase(), 'notices:{"lang":"en"}', ['n'], 6));
    v1.close();

    const cache = openRecordCache('records-v1');
    expect(await cache.read(ALICE, 'moneyLog:{}')).toEqual({
      address: ALICE.toLowerCase(),
      list: 'moneyLog:{}',
      items: ['old'],
      total: 30,
      savedAt: 5,
    });
    expect((await cache.read(BOB, 'notices:{"lang":"en"}'))?.items).toEqual(['n']);
    await cache.writeRecord({ address: ALICE, record: 'walletBalances', data: 1, savedAt: 9 });
    expect(await cache.usage()).toMatchObject({ entries: 3, lists: 2, records: 1, rows: 3 });
    const upgraded = await openDB('records-v1');
    expect([...upgraded.objectStoreNames]).toEqual(['entries']);
    upgraded.close();
  });
});

describe('device storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetPersistenceRequest();
  });

  it("reports the browser's estimate and whether storage is persistent", async () => {
    vi.stubGlobal('navigator', {
      storage: {
        estimate: async () => ({ usage: 2048, quota: 1_000_000 }),
        persisted: async () => true,
      },
    });
    expect((await memoryRecordCache().usage()).storage).toEqual({
      usage: 2048,
      quota: 1_000_000,
      persisted: true,
    });
  });

  it('asks for persistent storage once and says what the browser answered', async () => {
    const persist = vi.fn(async () => false);
    vi.stubGlobal('navigator', { storage: { persist, persisted: async () => false } });
    const cache = memoryRecordCache();
    expect(await cache.requestPersistence()).toBe('denied');
    expect(await cache.requestPersistence()).toBe('denied');
    expect(persist).toHaveBeenCalledOnce();
  });

  it('answers unsupported where the browser has no storage manager', async () => {
    vi.stubGlobal('navigator', {});
    expect(await memoryRecordCache().requestPersistence()).toBe('unsupported');
    expect((await memoryRecordCache().usage()).storage).toEqual({
      usage: null,
      quota: null,
      persisted: null,
    });
  });
});
