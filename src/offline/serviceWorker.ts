// The service worker, as the first screen sees it. The registration's code (registration.ts,
// workbox-window) loads after the first screen. Some wallet in-app browsers break their
// provider injection under a service worker: there the app can leave the service worker for
// good (leaveServiceWorker.ts).
export function registerServiceWorker(): void {
  // Some web views name the property and leave it empty: both mean none.
  if (!import.meta.env.PROD || !navigator.serviceWorker) return;
  void import('./registration.ts').then(({ startServiceWorker }) => startServiceWorker());
}

/** True when a service worker controls this page. */
export function underServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}
