import { createContext, useContext, type ReactNode } from 'react';
import type { RecordCache } from './cacheEntries.ts';
import { lazyRecordCache } from './lazyRecordCache.ts';

// Without a provider (unit tests of other parts) lists still work, from memory.
const RecordCacheContext = createContext<RecordCache>(
  lazyRecordCache(() => import('./memoryRecordCache.ts').then((m) => m.memoryRecordCache())),
);

export function RecordCacheProvider({
  cache,
  children,
}: {
  cache: RecordCache;
  children: ReactNode;
}) {
  return <RecordCacheContext value={cache}>{children}</RecordCacheContext>;
}

export function useRecordCache(): RecordCache {
  return useContext(RecordCacheContext);
}
