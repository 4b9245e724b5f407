// The record cache's shapes, shared by its two stores (IndexedDB and memory): what callers
// read and write, and the one entry both stores hold for a list or a single record.
import { DEFAULT_BOUNDS, type CacheBounds } from './cacheBounds.ts';
import type { Persistence, StorageFigures } from './deviceStorage.ts';

export interface CachedRecords<T = unknown> {
  address: string;
  /** Which list (and filter) this is, e.g. `moneyLog:{"coin":"USDT"}` (`cacheListId`). */
  list: string;
  items: T[];
  total: number;
  /** When the server gave us this copy (ms since the epoch). */
  savedAt: number;
}

export interface KeptRecord<T = unknown> {
  address: string;
  /** Which record, e.g. `walletBalances:{}` or `noticeDetail:{"id":"42","lang":"en"}`. */
  record: string;
  data: T;
  savedAt: number;
}

export interface CacheUsage {
  /** Lists and single records, every address together. */
  entries: number;
  lists: number;
  records: number;
  /** Rows of every list, plus one per single record. */
  rows: number;
  addresses: number;
  storage: StorageFigures;
}

export interface RecordCache {
  read<T>(address: string, list: string): Promise<CachedRecords<T> | undefined>;
  /** Keeps a list's rows (the first `listRows` of them); the oldest entries make room. */
  write<T>(entry: CachedRecords<T>): Promise<void>;
  readRecord<T>(address: string, record: string): Promise<KeptRecord<T> | undefined>;
  writeRecord<T>(entry: KeptRecord<T>): Promise<void>;
  /** Forgets everything kept for one address (explicit sign-out without keeping). */
  forget(address: string): Promise<void>;
  /** Forgets everything the app keeps on this device about any address. */
  clearAll(): Promise<void>;
  usage(): Promise<CacheUsage>;
  /** Asks the browser (once) to keep this storage rather than clear it under pressure. */
  requestPersistence(): Promise<Persistence>;
}

export interface RecordCacheOptions {
  bounds?: CacheBounds;
  /** What else `clearAll` removes (remembered address, wallet…): the app wires it in. */
  onClearAll?: () => void | Promise<void>;
}

export const RECORD_CACHE_DB = 'ju-records';

// Addresses are compared in lower case: the same wallet may arrive checksummed or not.
export const norm = (address: string) => address.toLowerCase();

/** One stored entry, list or single record, as both stores hold it. */
export interface StoredEntry {
  address: string;
  /** `list:<list id>` or `record:<record id>`: one key space for both kinds. */
  id: string;
  savedAt: number;
  rows: number;
  list?: string;
  items?: unknown[];
  total?: number;
  record?: string;
  data?: unknown;
}

export const listEntryId = (list: string) => `list:${list}`;
export const recordEntryId = (record: string) => `record:${record}`;

export function storedList(entry: CachedRecords, bounds: CacheBounds = DEFAULT_BOUNDS) {
  const items = entry.items.slice(0, bounds.listRows);
  return {
    address: norm(entry.address),
    id: listEntryId(entry.list),
    savedAt: entry.savedAt,
    rows: items.length,
    list: entry.list,
    items,
    total: entry.total,
  } satisfies StoredEntry;
}

export function storedRecord(entry: KeptRecord): StoredEntry {
  return {
    address: norm(entry.address),
    id: recordEntryId(entry.record),
    savedAt: entry.savedAt,
    rows: 1,
    record: entry.record,
    data: entry.data,
  };
}

export function listOf<T>(stored: StoredEntry | undefined): CachedRecords<T> | undefined {
  if (!stored || stored.list === undefined) return undefined;
  return {
    address: stored.address,
    list: stored.list,
    items: (stored.items ?? []) as T[],
    total: stored.total ?? 0,
    savedAt: stored.savedAt,
  };
}

export function recordOf<T>(stored: StoredEntry | undefined): KeptRecord<T> | undefined {
  if (!stored || stored.record === undefined) return undefined;
  return {
    address: stored.address,
    record: stored.record,
    data: stored.data as T,
    savedAt: stored.savedAt,
  };
}

export function countUsage(
  entries: Iterable<Pick<StoredEntry, 'address' | 'id' | 'rows'>>,
  storage: StorageFigures,
): CacheUsage {
  const usage = { entries: 0, lists: 0, records: 0, rows: 0, addresses: 0, storage };
  const addresses = new Set<string>();
  for (const entry of entries) {
    usage.entries += 1;
    if (entry.id.startsWith('list:')) usage.lists += 1;
    else usage.records += 1;
    usage.rows += entry.rows;
    addresses.add(entry.address);
  }
  usage.addresses = addresses.size;
  return usage;
}
