// The record cache in IndexedDB (`ju-records`). Version 2 holds lists and single records in
// one store, so one bound and one eviction order cover both; version 1's lists (first pages)
// are carried over on upgrade. idb loads on first use: the first screen reads no records.
import type { DBSchema, IDBPDatabase, IDBPTransaction } from 'idb';
import { DEFAULT_BOUNDS, entriesToEvict } from './cacheBounds.ts';
import {
  countUsage,
  RECORD_CACHE_DB,
  listEntryId,
  listOf,
  norm,
  recordEntryId,
  recordOf,
  storedList,
  storedRecord,
  type CachedRecords,
  type RecordCache,
  type RecordCacheOptions,
  type StoredEntry,
} from './cacheEntries.ts';
import { requestPersistence, storageFigures } from './deviceStorage.ts';

export const RECORD_CACHE_VERSION = 2;

interface RecordCacheSchema extends DBSchema {
  entries: {
    key: [string, string];
    value: StoredEntry;
    // byAge's key carries the rows too: the bound is checked from the index keys alone,
    // without reading the entries' rows.
    indexes: { byAddress: string; byAge: [number, number] };
  };
}

type EntryKey = [string, string];

/** Version 1's only store, read once by the upgrade. */
async function carryOverLists(
  database: IDBPDatabase<RecordCacheSchema>,
  transaction: IDBPTransaction<RecordCacheSchema, 'entries'[], 'versionchange'>,
) {
  const old = (
    transaction as unknown as IDBPTransaction<unknown, 'lists'[], 'versionchange'>
  ).objectStore('lists');
  const lists = (await old.getAll()) as CachedRecords[];
  for (const list of lists) await transaction.objectStore('entries').put(storedList(list));
  (database as unknown as IDBPDatabase).deleteObjectStore('lists');
}

export function openRecordCache(
  name = RECORD_CACHE_DB,
  options: RecordCacheOptions = {},
): RecordCache {
  const bounds = options.bounds ?? DEFAULT_BOUNDS;
  let db: Promise<IDBPDatabase<RecordCacheSchema>> | undefined;
  const open = () =>
    (db ??= import('idb').then(({ openDB }) =>
      openDB<RecordCacheSchema>(name, RECORD_CACHE_VERSION, {
        upgrade(database, oldVersion, _newVersion, transaction) {
          const entries = database.createObjectStore('entries', { keyPath: ['address', 'id'] });
          entries.createIndex('byAddress', 'address');
          entries.createIndex('byAge', ['savedAt', 'rows']);
          if (oldVersion === 1) void carryOverLists(database, transaction);
        },
        // A newer version in another tab: let it upgrade, and open again on the next call.
        blocking() {
          void db?.then((open) => open.close());
          db = undefined;
        },
      }),
    ));

  async function put(entry: StoredEntry) {
    const tx = (await open()).transaction('entries', 'readwrite');
    await tx.store.put(entry);
    const keys = new Map<string, EntryKey>();
    const sizes = [];
    let cursor = await tx.store.index('byAge').openKeyCursor();
    while (cursor) {
      const id = JSON.stringify(cursor.primaryKey);
      keys.set(id, cursor.primaryKey);
      sizes.push({ id, savedAt: cursor.key[0], rows: cursor.key[1] });
      cursor = await cursor.continue();
    }
    const written = JSON.stringify([entry.address, entry.id]);
    for (const id of entriesToEvict(sizes, written, bounds)) await tx.store.delete(keys.get(id)!);
    await tx.done;
  }

  const get = async (address: string, id: string) =>
    (await open()).get('entries', [norm(address), id]);

  return {
    async read<T>(address: string, list: string) {
      return listOf<T>(await get(address, listEntryId(list)));
    },
    async write(entry) {
      await put(storedList(entry, bounds));
    },
    async readRecord<T>(address: string, record: string) {
      return recordOf<T>(await get(address, recordEntryId(record)));
    },
    async writeRecord(entry) {
      await put(storedRecord(entry));
    },
    async forget(address) {
      const tx = (await open()).transaction('entries', 'readwrite');
      let cursor = await tx.store.index('byAddress').openKeyCursor(norm(address));
      while (cursor) {
        await tx.store.delete(cursor.primaryKey);
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    async clearAll() {
      await (await open()).clear('entries');
      await options.onClearAll?.();
    },
    async usage() {
      const tx = (await open()).transaction('entries');
      const sizes = [];
      let cursor = await tx.store.index('byAge').openKeyCursor();
      while (cursor) {
        const [address, id] = cursor.primaryKey;
        sizes.push({ address, id, rows: cursor.key[1] });
        cursor = await cursor.continue();
      }
      await tx.done;
      return countUsage(sizes, await storageFigures());
    },
    requestPersistence,
  };
}
