// Home-screen apps are rarely closed and would keep an old version for days: the app looks for
// a new one itself, when the page is shown again and every hour. Loaded with workbox-window,
// after the first screen.

export const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Asks for a new version (`update`, e.g. workbox-window's `wb.update()`) each time the page
 * becomes visible and every hour; returns how to stop. A failed check (offline) is simply
 * tried again at the next occasion.
 */
export function checkForUpdatesRegularly(update: () => Promise<unknown>): () => void {
  let checking = false;
  const check = () => {
    if (checking) return;
    checking = true;
    void update()
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(check, UPDATE_CHECK_EVERY_MS);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
  };
}
