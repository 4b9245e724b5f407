// The record cache's code (and IndexedDB's wrapper) loads on the first read or write, not
// with the app: a visitor's first screen reads no records. Every method of a RecordCache
// answers with a promise, so each call simply waits for the module first.
import type { RecordCache } from './recordCache.ts';

type CacheModule = typeof import('./recordCache.ts');

export function lazyRecordCache(make: (module: CacheModule) => RecordCache): RecordCache {
  let cache: Promise<RecordCache> | undefined;
  const load = () => (cache ??= import('./recordCache.ts').then(make));
  return new Proxy({} as RecordCache, {
    get:
      (_, method) =>
      (...args: unknown[]) =>
        load().then((loaded) =>
          (loaded[method as keyof RecordCache] as (...a: unknown[]) => unknown)(...args),
        ),
  });
}
