import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen.ts';
import { store } from '../state/store.ts';
import { PageSkeleton } from '../ui/PageSkeleton.tsx';
import { api } from './api.ts';
import { queryClient } from './queryClient.ts';
import './routeMeta.ts';

export const router = createRouter({
  routeTree,
  context: { store, api, queryClient },
  defaultPreload: 'intent',
  defaultPendingComponent: PageSkeleton,
  // Spec §2: pages change with a slide-up transition (styled in ui/theme.css).
  defaultViewTransition: true,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
