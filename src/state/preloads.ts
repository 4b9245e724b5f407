// Answers a loader fetched, and how long they stand in for the screen's own read. The part
// every query consults (refetchUnlessPreloaded, the app's `refetchOnMount`) is here, in the
// first screen's code; the part that fetches (warmQueries.ts) loads with the query modules.
import type { Query } from '@tanstack/react-query';

/**
 * How long an answer a loader fetched stands in for its screen's own read: the tap that follows
 * a finger resting on a link (or the screen's code arriving) comes well within it. The router
 * keeps a preloaded route as long (router.ts), so the two agree on what a preload is worth.
 */
export const PRELOAD_FRESH_MS = 10_000;

// Answers a loader fetched, by query: when each came. A query that counts every answer as
// stale at once (balances, `staleTime: 0`) would otherwise be fetched a second time by the very
// screen the preload was for. Only the first screen to read it takes it as it is: once that
// screen lets go of it (leaves, or its kept page hides), the answer is an ordinary one again,
// and the next visit fetches as the query asks.
export const preloaded = new WeakMap<Query, number>();

/** The app's `refetchOnMount` (state/queryClient.ts): as usual, but for a fresh preload. */
export function refetchUnlessPreloaded(query: Query): boolean {
  const at = preloaded.get(query);
  return (
    at === undefined ||
    at !== query.state.dataUpdatedAt ||
    Date.now() - at >= PRELOAD_FRESH_MS ||
    // Changed since (a money action said so): the preload is out of date.
    query.state.isInvalidated
  );
}
