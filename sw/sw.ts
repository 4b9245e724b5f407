/// <reference lib="webworker" />
// The service worker: the app shell and locale catalogs come from the precache, so the app
// opens offline. API calls are never answered from here; the app keeps its own record cache.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const NOT_THE_APP = [/^\/api\//, /^\/admin\//, /^\/ws/, /^\/config\.json$/];
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_APP }),
);

// Deployment settings: fresh when online, the last copy when offline so the app still opens.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'ju-config', networkTimeoutSeconds: 4 }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
