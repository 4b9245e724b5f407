// The record cache where IndexedDB is missing (private modes of some browsers): the same
// rules, bounds and answers, for as long as the page lives.
import { DEFAULT_BOUNDS, entriesToEvict } from './cacheBounds.ts';
import {
  countUsage,
  listEntryId,
  listOf,
  norm,
  recordEntryId,
  recordOf,
  storedList,
  storedRecord,
  type RecordCache,
  type RecordCacheOptions,
  type StoredEntry,
} from './cacheEntries.ts';
import { requestPersistence, storageFigures } from './deviceStorage.ts';

export function memoryRecordCache(options: RecordCacheOptions = {}): RecordCache {
  const bounds = options.bounds ?? DEFAULT_BOUNDS;
  const entries = new Map<string, StoredEntry>();
  const key = (address: string, id: string) => `${norm(address)}\n${id}`;
  const put = (entry: StoredEntry) => {
    const id = key(entry.address, entry.id);
    entries.set(id, entry);
    const sizes = [...entries].map(([each, { savedAt, rows }]) => ({ id: each, savedAt, rows }));
    for (const evicted of entriesToEvict(sizes, id, bounds)) entries.delete(evicted);
  };
  return {
    async read<T>(address: string, list: string) {
      return listOf<T>(entries.get(key(address, listEntryId(list))));
    },
    async write(entry) {
      put(storedList(entry, bounds));
    },
    async readRecord<T>(address: string, record: string) {
      return recordOf<T>(entries.get(key(address, recordEntryId(record))));
    },
    async writeRecord(entry) {
      put(storedRecord(entry));
    },
    async forget(address) {
      for (const [id, entry] of entries) if (entry.address === norm(address)) entries.delete(id);
    },
    async clearAll() {
      entries.clear();
      await options.onClearAll?.();
    },
    async usage() {
      return countUsage(entries.values(), await storageFigures());
    },
    requestPersistence,
  };
}
