// Some wallet in-app browsers fail to inject their provider into a page a service worker
// controls. There the app gives the service worker up, in that browser only.
import { NO_SERVICE_WORKER_KEY, serviceWorkerLeft, unregisterAll } from './registration.ts';

/**
 * Stops using the service worker in this browser (only here: the choice lives in its
 * localStorage), then reloads so the page loads uncontrolled and the wallet can inject itself.
 * Answers false, doing nothing, when that was done before or cannot be remembered: a second
 * reload would not help, and an unremembered choice could reload forever.
 */
export async function leaveServiceWorkerForWallet(
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  try {
    if (serviceWorkerLeft()) return false;
    localStorage.setItem(NO_SERVICE_WORKER_KEY, new Date().toISOString());
    if (!serviceWorkerLeft()) return false;
  } catch {
    return false;
  }
  await unregisterAll();
  reload();
  return true;
}
