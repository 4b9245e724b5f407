// The record cache behind a promise: the first screen ships none of it (neither the stores
// nor idb); it loads with the first read or write, which a signed-in screen makes.
import type { RecordCache } from './cacheEntries.ts';

export function lazyRecordCache(load: () => Promise<RecordCache>): RecordCache {
  let loaded: Promise<RecordCache> | undefined;
  const cache = () => (loaded ??= load());
  return {
    read: async <T>(address: string, list: string) => (await cache()).read<T>(address, list),
    write: async (entry) => (await cache()).write(entry),
    readRecord: async <T>(address: string, record: string) =>
      (await cache()).readRecord<T>(address, record),
    writeRecord: async (entry) => (await cache()).writeRecord(entry),
    forget: async (address) => (await cache()).forget(address),
    clearAll: async () => (await cache()).clearAll(),
    usage: async () => (await cache()).usage(),
    requestPersistence: async () => (await cache()).requestPersistence(),
  };
}
