import { i18n } from '@lingui/core';
import { RouterProvider } from '@tanstack/react-router';
import { RESET } from 'jotai/utils';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { INLINE_HOME_CONTENT_ELEMENT_ID } from '../contract/api/content.ts';
import { api } from './state/apiClient.ts';
import { installBackClosesDialogs } from './router/backClosesDialogs.ts';
import { replayEarlyTap } from '../contract/boot/earlyTap.ts';
import { queryClient } from './state/queryClient.ts';
import { createAppRouter } from './router/router.ts';
import { installSessionEndHandler } from './boot/sessionEnd.ts';
import { loadRuntimeConfig } from './config/runtimeConfig.ts';
import { registerServiceWorker } from './offline/serviceWorker.ts';
import { applyTheme } from './boot/theme.ts';
import { yieldToMain } from './boot/yieldToMain.ts';
import { activateLocale } from './i18n/activate.ts';
import { pickInitialLocale } from '../contract/i18n/locales.ts';
import { lazyRecordCache } from './offline/lazyRecordCache.ts';
import { AppProviders } from './boot/AppProviders.tsx';
import { seedHomeContent } from './state/queries/content.ts';
import { lastAddressAtom, lastWalletAtom, localeAtom, themeAtom } from './state/preferences.ts';
import { tokenAtom } from './state/session.ts';
import { store } from './state/store.ts';
import './ui/theme.css';

/** Rendered last in the app's first render: its effect runs once the whole page is drawn. */
function EarlyTapReplay({ container }: { container: HTMLElement }) {
  useEffect(() => replayEarlyTap(container), [container]);
  return null;
}

async function boot() {
  const locale = pickInitialLocale(store.get(localeAtom), navigator.languages);
  await Promise.all([loadRuntimeConfig(), activateLocale(locale)]);
  await yieldToMain();
  const router = createAppRouter();
  installBackClosesDialogs(router.history);
  await yieldToMain();
  // The home content came with the page: the first render shows it as the server painted it.
  seedHomeContent(
    queryClient,
    locale,
    document.getElementById(INLINE_HOME_CONTENT_ELEMENT_ID)?.textContent,
  );

  applyTheme(store.get(themeAtom));
  store.sub(themeAtom, () => applyTheme(store.get(themeAtom)));
  // 'Clear data on this device' also forgets the address and wallet kept for a quick sign-in.
  const recordCache = lazyRecordCache(() =>
    import('./offline/recordCache.ts').then(({ defaultRecordCache }) =>
      defaultRecordCache({
        onClearAll: () => {
          store.set(lastAddressAtom, RESET);
          store.set(lastWalletAtom, RESET);
        },
      }),
    ),
  );
  // Records read offline are worth keeping: once signed in, ask the browser (once) not to
  // clear them under storage pressure.
  store.sub(tokenAtom, () => {
    if (store.get(tokenAtom)) void recordCache.requestPersistence();
  });
  // Whatever ends a session (sign-out, a 401, a wallet switch), this one handler cleans up.
  installSessionEndHandler({
    queryClient,
    navigate: (to) => router.navigate({ to }),
    // The watch starts with a sign-in, which loads its module: a visitor's first screen
    // does without it.
    stopWalletWatch: () =>
      void import('./signIn/walletWatch.ts').then((watch) => watch.stopWalletWatch()),
    forgetRecords: (address) => recordCache.forget(address),
  });

  // The first render takes over the page as the server painted it, in place: the router's
  // slide-in is for moving between pages, and here it would fade the painted text out and in.
  const pageTransition = router.options.defaultViewTransition;
  router.options.defaultViewTransition = false;
  const firstLoadDone = router.subscribe('onResolved', () => {
    firstLoadDone();
    router.options.defaultViewTransition = pageTransition;
  });

  const container = document.getElementById('root')!;
  // Over a page the server painted, the route (its data, its code) is resolved before the
  // first render, and that render is a transition: React builds the screen in slices that
  // give the main thread back every few milliseconds, so a phone stays responsive, and the
  // painted page stays on screen until the app's render replaces it whole.
  if (container.firstElementChild) {
    await yieldToMain();
    await router.load();
    await yieldToMain();
  }
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders parts={{ store, i18n, queryClient, api, recordCache }}>
          <RouterProvider router={router} />
          <EarlyTapReplay container={container} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  // Registering fetches the registration's code and starts the worker's own download and
  // precache: work for after the page has loaded, never beside its first screen.
  if (document.readyState === 'complete') registerServiceWorker();
  else addEventListener('load', registerServiceWorker, { once: true });
}

boot().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'JU Wallet could not start. Check your connection and reload.';
});
