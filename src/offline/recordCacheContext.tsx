import { createContext, useContext, type ReactNode } from 'react';
import { lazyRecordCache } from './lazyRecordCache.ts';
import type { RecordCache } from './recordCache.ts';

// Without a provider (unit tests of other parts) lists still work, from memory.
const RecordCacheContext = createContext<RecordCache>(
  lazyRecordCache((module) => module.memoryRecordCache()),
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
