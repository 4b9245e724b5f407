/// <reference lib="webworker" />
// The service worker: the app shell and locale catalogs come from the precache, so the app
// opens offline. API calls are never answered from here; the app keeps its own record cache.
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The server writes index.html's first paint in the visitor's language and so sends
// `Vary: Accept-Language`; the cache would then refuse the stored shell to a navigation whose
// language header differs from the install request's, and the app would not open offline.
// The shell itself is the same for every language, so it is stored without Vary.
addPlugins([
  {
    async cacheWillUpdate({ response }) {
      if (!response.ok) return null;
      if (!response.headers.has('vary')) return response;
      const headers = new Headers(response.headers);
      headers.delete('vary');
      return new Response(await response.blob(), {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
  },
]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The server's own answers, never the app shell: the API, the realtime socket, the settings,
// and the operator's health and metrics endpoints (server/http/health.ts), which must tell
// the truth about the server even in a browser that has the app installed.
const NOT_THE_APP = [
  /^\/api\//,
  /^\/admin\//,
  /^\/ws/,
  /^\/config\.json$/,
  /^\/(healthz|readyz|metrics)$/,
];
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
