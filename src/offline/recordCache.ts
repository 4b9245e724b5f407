// What the user has seen, kept per wallet address on this device so it can be read again
// offline and after the app is closed: record lists (every page scrolled through, up to a
// bound) and single records (a notice, an order, balances). Shown at once, with their age,
// while the fresh copy loads. Never holds a token, a signature or card secrets: callers keep
// only what may be kept (see the queries' `keep` functions). Addresses are parameters, never
// read from the session, so a signed-out reader can be shown a remembered address's copy.
import { RECORD_CACHE_DB, type RecordCache, type RecordCacheOptions } from './cacheEntries.ts';
import { memoryRecordCache } from './memoryRecordCache.ts';
import { openRecordCache } from './recordStore.ts';

export type {
  CacheUsage,
  CachedRecords,
  KeptRecord,
  RecordCache,
  RecordCacheOptions,
} from './cacheEntries.ts';
export type { Persistence } from './deviceStorage.ts';
export { RECORD_CACHE_DB } from './cacheEntries.ts';
export { memoryRecordCache, openRecordCache };

export function defaultRecordCache(options: RecordCacheOptions = {}): RecordCache {
  return typeof indexedDB === 'undefined'
    ? memoryRecordCache(options)
    : openRecordCache(RECORD_CACHE_DB, options);
}
