// The last copy of each record list, per wallet address, in IndexedDB: a list shows it at once
// (with its age) while the fresh copy loads, and offline. Only the first page is kept: that is
// what a person looks at first, and it keeps the store small. Never holds a token.
// idb loads on first use: the first screen reads no records.
import type { DBSchema, IDBPDatabase } from 'idb';

export interface CachedRecords<T = unknown> {
  address: string;
  /** Which list (and filter) this is, e.g. `moneyLog:{"coin":"USDT"}`. */
  list: string;
  items: T[];
  total: number;
  /** When the server gave us this copy (ms since the epoch). */
  savedAt: number;
}

interface RecordCacheSchema extends DBSchema {
  lists: {
    key: [string, string];
    value: CachedRecords;
    indexes: { byAddress: string };
  };
}

export interface RecordCache {
  read<T>(address: string, list: string): Promise<CachedRecords<T> | undefined>;
  write<T>(entry: CachedRecords<T>): Promise<void>;
  /** Forgets everything kept for one address (explicit sign-out). */
  forget(address: string): Promise<void>;
}

export const RECORD_CACHE_DB = 'ju-records';

// Addresses are compared in lower case: the same wallet may arrive checksummed or not.
const norm = (address: string) => address.toLowerCase();

export function openRecordCache(name = RECORD_CACHE_DB): RecordCache {
  let db: Promise<IDBPDatabase<RecordCacheSchema>> | undefined;
  const open = () =>
    (db ??= import('idb').then(({ openDB }) =>
      openDB<RecordCacheSchema>(name, 1, {
        upgrade(database) {
          const lists = database.createObjectStore('lists', { keyPath: ['address', 'list'] });
          lists.createIndex('byAddress', 'address');
        },
      }),
    ));
  return {
    async read<T>(address: string, list: string) {
      const entry = await (await open()).get('lists', [norm(address), list]);
      return entry as CachedRecords<T> | undefined;
    },
    async write(entry) {
      await (await open()).put('lists', { ...entry, address: norm(entry.address) });
    },
    async forget(address) {
      const tx = (await open()).transaction('lists', 'readwrite');
      let cursor = await tx.store.index('byAddress').openCursor(norm(address));
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
  };
}

/** An in-memory stand-in where IndexedDB is missing (private modes of some browsers). */
export function memoryRecordCache(): RecordCache {
  const entries = new Map<string, CachedRecords>();
  const id = (address: string, list: string) => `${norm(address)}\n${list}`;
  return {
    async read<T>(address: string, list: string) {
      return entries.get(id(address, list)) as CachedRecords<T> | undefined;
    },
    async write(entry) {
      entries.set(id(entry.address, entry.list), { ...entry, address: norm(entry.address) });
    },
    async forget(address) {
      for (const key of entries.keys())
        if (key.startsWith(`${norm(address)}\n`)) entries.delete(key);
    },
  };
}

export function defaultRecordCache(): RecordCache {
  return typeof indexedDB === 'undefined' ? memoryRecordCache() : openRecordCache();
}
