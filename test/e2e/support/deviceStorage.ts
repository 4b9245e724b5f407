// Everything a page has left on the device: IndexedDB (every database and store), web
// storage and Cache Storage (every cache's URLs and bodies), as text to search for secrets.
import type { Page } from 'playwright-core';

export async function deviceStorageText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const dump = (storage: Storage) =>
      Object.entries(storage)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n');
    const parts = [dump(localStorage), dump(sessionStorage)];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(`${info.name}/${name}: ${JSON.stringify(all)}`);
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        parts.push(`${name} ${request.url}: ${response ? await response.text() : ''}`);
      }
    }
    return parts.join('\n');
  });
}
