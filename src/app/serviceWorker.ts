// Registers the service worker in production builds. Some wallet in-app browsers break their
// provider injection under a service worker; the app looks for the wallet itself each time
// the user connects, so it keeps working there.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window').then(({ Workbox }) => {
    const wb = new Workbox('/sw.js', { scope: '/' });
    void wb.register();
  });
}
