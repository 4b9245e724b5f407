import { Trans } from '@lingui/react/macro';
import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import type { RouterContext } from '../router/routerContext.ts';
import { AppHeader } from '../shell/AppHeader.tsx';
import { KeepAliveHost } from '../shell/KeepAliveHost.tsx';
import { OfflineBanner } from '../shell/OfflineBanner.tsx';
import { RouteAnnouncer } from '../shell/RouteAnnouncer.tsx';
import { applyUpdateAtom } from '../offline/updates.ts';
import { NotFound } from '../shell/NotFound.tsx';
import { SignInPrompts } from '../signIn/SignInPrompts.tsx';
import { readOnlyAddressAtom } from '../state/reader.ts';
import { tokenAtom } from '../state/session.ts';
import { ConfirmHost } from '../ui/ConfirmHost.tsx';
import { Toasts } from '../ui/Toasts.tsx';

// Only a signed-in user has payments to follow and live updates: a visitor's first screen (and
// a read-only reader's, who has no token either) does without them.
const SignedInParts = lazy(() => import('../shell/SignedInParts.tsx'));
// Only once a new version waits: most visits never load it.
const UpdatePrompt = lazy(() => import('../shell/UpdatePrompt.tsx'));
// Only a signed-out reader of kept records sees it.
const ReadOnlyBanner = lazy(() => import('../shell/ReadOnlyBanner.tsx'));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const leaf = useMatches({ select: (matches) => matches.at(-1) });
  const token = useAtomValue(tokenAtom);
  const readOnly = useAtomValue(readOnlyAddressAtom) !== null && leaf?.staticData.readsOffline;
  const updateWaiting = useAtomValue(applyUpdateAtom) !== null;
  const kept = leaf?.staticData.keepAlive === true;
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <AppHeader title={leaf?.staticData.title} isHome={leaf?.routeId === '/index'} />
      <OfflineBanner />
      {token && (
        <Suspense fallback={null}>
          <SignedInParts token={token} />
        </Suspense>
      )}
      {readOnly && (
        <Suspense fallback={null}>
          <ReadOnlyBanner />
        </Suspense>
      )}
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <main id="main" className="page" tabIndex={-1}>
        {/* A new session starts with no kept pages: they may hold the last user's data. */}
        <KeepAliveHost
          key={token ?? 'signed-out'}
          activeRouteId={kept ? leaf?.routeId : undefined}
        />
        {!kept && (
          <div key={leaf?.pathname} className="page-view">
            <Outlet />
          </div>
        )}
      </main>
      <RouteAnnouncer title={leaf?.staticData.title} pathname={leaf?.pathname} />
      <Toasts />
      <ConfirmHost />
      <SignInPrompts />
    </div>
  );
}
