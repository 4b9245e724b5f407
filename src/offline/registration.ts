// Registers the service worker, notices when a new version is waiting and looks for one
// regularly (updates.ts says when it may be applied). Loaded after the first screen.
import { Workbox } from 'workbox-window';
import { store } from '../state/store.ts';
import { applyUpdateAtom } from './updates.ts';
import { checkForUpdatesRegularly } from './updateChecks.ts';

/** This browser runs the app without a service worker (a wallet browser that needs it so). */
export const NO_SERVICE_WORKER_KEY = 'ju.noServiceWorker';

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

export function serviceWorkerLeft(): boolean {
  try {
    return localStorage.getItem(NO_SERVICE_WORKER_KEY) !== null;
  } catch {
    return false;
  }
}

export async function unregisterAll(): Promise<void> {
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? [];
  await Promise.all(registrations.map((r) => r.unregister().catch(() => false)));
}

export function startServiceWorker(): void {
  if (serviceWorkerLeft()) {
    // In case the unregistering did not finish before the reload.
    void unregisterAll();
    return;
  }
  const wb = new Workbox('/sw.js', { scope: '/' });
  watchForUpdates(wb, () => window.location.reload());
  void wb
    .register()
    .then(() => checkForUpdatesRegularly(() => wb.update()))
    .catch(() => undefined);
}
