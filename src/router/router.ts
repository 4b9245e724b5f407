import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { store } from '../state/store.ts';
import { PageSkeleton } from '../ui/PageSkeleton.tsx';
import { api } from '../state/apiClient.ts';
import { queryClient } from '../state/queryClient.ts';
import type { RouterContext } from './routerContext.ts';
import { PRELOAD_FRESH_MS } from '../state/preloads.ts';
import { parseSearch, stringifySearch } from './searchParams.ts';
import './routeMeta.ts';
import { handleSkippedViewTransitions } from './viewTransitions.ts';

/**
 * The app's router. Made when the app starts rather than when this module loads: building
 * it is a few dozen milliseconds of work on a phone, which then runs as a task of its own.
 *
 * The build's first paint (boot/firstPaint.tsx) makes one of its own, with its own history
 * and context, so a render for one visitor shares nothing with another's.
 */
export function createAppRouter(
  options: { history?: RouterHistory; context?: RouterContext } = {},
) {
  handleSkippedViewTransitions();
  return createRouter({
    routeTree,
    context: options.context ?? { store, api, queryClient },
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    // A preload's answers stand in for the screen's own reads this long (state/routeData.ts).
    defaultPreloadStaleTime: PRELOAD_FRESH_MS,
    defaultPendingComponent: PageSkeleton,
    // Spec §2: pages change with a slide-up transition (styled in ui/theme.css).
    defaultViewTransition: true,
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
