import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online, now (true where there is no browser). */
export function isOnline(): boolean {
  // Node (the build's first paint) has a `navigator` with no `onLine`.
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Whether the browser believes it is online, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
