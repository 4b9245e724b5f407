// What the browser says about this site's storage: how much is used, and whether it may be
// cleared under storage pressure. Browsers without the Storage API answer 'unsupported'.

export interface StorageFigures {
  /** Bytes this site uses (every store, not only records), as the browser estimates it. */
  usage: number | null;
  quota: number | null;
  /** True: the browser will not clear it on its own; null: it cannot say. */
  persisted: boolean | null;
}

export type Persistence = 'granted' | 'denied' | 'unsupported';

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

export async function storageFigures(): Promise<StorageFigures> {
  const storage = storageManager();
  const [estimate, persisted] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => undefined) : undefined,
    storage?.persisted ? storage.persisted().catch(() => null) : null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

let asked: Promise<Persistence> | undefined;

/**
 * Asks the browser once per page load to keep this site's storage (records read offline are
 * worth keeping); later calls answer the first one. Already persistent: not asked again.
 */
export function requestPersistence(): Promise<Persistence> {
  asked ??= (async () => {
    const storage = storageManager();
    if (!storage?.persist) return 'unsupported';
    try {
      if (await storage.persisted?.()) return 'granted';
      return (await storage.persist()) ? 'granted' : 'denied';
    } catch {
      return 'denied';
    }
  })();
  return asked;
}

/** For tests: the next request asks the browser again. */
export function resetPersistenceRequest(): void {
  asked = undefined;
}
