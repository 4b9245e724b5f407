// One record (balances, a notice, an order, the team summary) read live and kept on the
// device: after each successful load its data, or the part `keep` allows, is written to the
// offline record cache, and while the live query has nothing to show (offline, failed) the
// kept copy is shown with its age. The single-record counterpart of useRecordList.
import {
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useRecordCache } from '../../offline/recordCacheContext.tsx';
import { currentLocale } from '../../i18n/current.ts';
import { baseCacheId, cannotReachServer, type ListParams } from '../records/recordList.ts';
import { readerAddressAtom } from '../reader.ts';
import { addressAtom } from '../session.ts';

export interface KeptAs<T, K = T> {
  /** Names the record in the cache; see `keptRecordId`. */
  record: string;
  /** What of the answer may be written on the device (default: all of it). */
  keep?: (data: T) => K;
  /** Whose copy: by default the reader's (state/reader.ts), signed in or read-only. */
  address?: string | null;
}

/** A record's name in the cache: `walletBalances:{}`, `noticeDetail:{"id":"42","lang":"en"}`. */
export const keptRecordId = (name: string, params: ListParams = {}) => baseCacheId(name, params);

/** Where a record is kept: each language keeps its own copy, as it may hold the server's words. */
export const keptInLanguage = (record: string, locale: string) => `${record}@${locale}`;

export const keptKeys = {
  copy: (address: string | null, record: string) => ['kept', address, record] as const,
};

export interface KeptQueryResult<T, K> {
  live: UseQueryResult<T, Error>;
  /** The live answer or, while there is none, the kept copy. */
  data: T | K | undefined;
  /** The kept copy, when it is what `data` shows. */
  kept: K | undefined;
  /** Set when the kept copy is shown: when the server gave it. */
  asOf: Date | null;
  /** Nothing to show yet. */
  pending: boolean;
  /** Nothing to show, and the live load failed. */
  failed: boolean;
  /** The live copy cannot be fetched because the device is offline. */
  offline: boolean;
  /** Signed out (state/reader.ts): only the kept copy can be shown. */
  readOnly: boolean;
}

export function useKeptQuery<T, K = T, Key extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, Error, T, Key>,
  kept: KeptAs<T, K>,
): KeptQueryResult<T, K> {
  const signedIn = useAtomValue(addressAtom);
  const reader = useAtomValue(readerAddressAtom);
  const address = kept.address === undefined ? reader : kept.address;
  // Signed out on a page of kept records: the kept copy is all there is.
  const readOnly = signedIn === null && address !== null;
  const cache = useRecordCache();
  const live = useQuery(options);
  const { keep } = kept;
  const record = keptInLanguage(kept.record, currentLocale());
  const copy = useQuery({
    queryKey: keptKeys.copy(address, record),
    queryFn: async () => (address ? ((await cache.readRecord<K>(address, record)) ?? null) : null),
    enabled: address !== null && live.data === undefined,
    // A local read: each visit reads the latest copy, network or not.
    staleTime: 0,
    networkMode: 'always',
  });

  const { data, dataUpdatedAt } = live;
  useEffect(() => {
    if (!address || data === undefined) return;
    const value = keep ? keep(data) : (data as unknown as K);
    void cache
      .writeRecord({ address, record, data: value, savedAt: dataUpdatedAt })
      .catch(() => undefined);
  }, [address, cache, record, keep, data, dataUpdatedAt]);

  const offline = cannotReachServer(live);
  const shown = live.data === undefined ? (copy.data ?? undefined) : undefined;
  const reading = live.data === undefined && address !== null && copy.isPending;
  return {
    live,
    data: live.data ?? shown?.data,
    kept: shown?.data,
    asOf: shown ? new Date(shown.savedAt) : null,
    pending:
      live.data === undefined && !shown && (reading || (live.isPending && !offline && !readOnly)),
    failed: live.data === undefined && !shown && live.isError,
    offline,
    readOnly,
  };
}
