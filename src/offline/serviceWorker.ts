// Registers the service worker in production builds and notices when a new version is
// waiting. Some wallet in-app browsers break their provider injection under a service worker;
// the app looks for the wallet itself each time the user connects, so it keeps working there.
import { atom } from 'jotai';
import type { Workbox } from 'workbox-window';
import { store } from '../state/store.ts';

/** Set when a new version is installed and waiting: calling it switches to it and reloads. */
export const applyUpdateAtom = atom<(() => void) | null>(null);

type UpdateSource = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>;

export function watchForUpdates(wb: UpdateSource, reload: () => void): void {
  wb.addEventListener('waiting', () => {
    const applyUpdate = () => {
      wb.addEventListener('controlling', () => reload());
      wb.messageSkipWaiting();
    };
    // A function given to set() is taken as an updater, so wrap the value.
    store.set(applyUpdateAtom, () => applyUpdate);
  });
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('workbox-window').then(({ Workbox }) => {
    const wb = new Workbox('/sw.js', { scope: '/' });
    watchForUpdates(wb, () => window.location.reload());
    void wb.register();
  });
}
