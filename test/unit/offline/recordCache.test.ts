import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openRecordCache } from '../../../src/offline/recordCache.ts';

const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

describe('record cache (IndexedDB)', () => {
  it('keeps the last copy per address and list, whatever the address case', async () => {
    const cache = openRecordCache('records-a');
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
  });

  it("forgets one address's lists and keeps the others'", async () => {
    const cache = openRecordCache('records-b');
    await cache.write({ address: ALICE, list: 'a', items: [1], total: 1, savedAt: 1 });
    await cache.write({ address: ALICE, list: 'b', items: [1], total: 1, savedAt: 1 });
    await cache.write({ address: BOB, list: 'a', items: [2], total: 1, savedAt: 1 });
    await cache.forget(ALICE);
    expect(await cache.read(ALICE, 'a')).toBeUndefined();
    expect(await cache.read(ALICE, 'b')).toBeUndefined();
    expect((await cache.read(BOB, 'a'))?.items).toEqual([2]);
  });

  it('survives reopening (a reload)', async () => {
    await openRecordCache('records-c').write({
      address: BOB,
      list: 'x',
      items: ['kept'],
      total: 1,
      savedAt: 42,
    });
    expect((await openRecordCache('records-c').read(BOB, 'x'))?.items).toEqual(['kept']);
  });
});
