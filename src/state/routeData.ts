// Data starts loading with the route, not after its screen mounts: a route's loader names the
// queries its screen reads first, and they are fetched while the screen's code downloads (or
// as soon as the user's finger rests on a link: the router preloads on intent). The query
// modules load on demand too, so the first screen carries none of them.
//
// A loader never holds or fails its route for want of the network: nothing is awaited, a
// failure is left for the screen to show in its own words, and data already cached (fresh or
// not) is left to the screen's own rules for reading again.
import type { QueryClient } from '@tanstack/react-query';
import type { QueryNeed } from './warmQueries.ts';
import type { ApiClient } from '../api/client.ts';
import { currentLocale } from '../i18n/current.ts';
import type { RecordListSource } from './records/recordList.ts';
import { addressAtom } from './session.ts';
import type { AppStore } from './store.ts';

export interface RouteDataContext {
  store: AppStore;
  api: ApiClient;
  queryClient: QueryClient;
}

/** What a screen's first render reads, for the signed-in `address`. */
export interface ScreenDataInput<D = Record<string, unknown>> {
  api: ApiClient;
  store: AppStore;
  address: string | null;
  locale: string;
  /** The route's path parameters (`$id`). */
  params: Record<string, string>;
  /**
   * What the route's `loaderDeps` picked from its validated search: the router runs the loader
   * again when, and only when, these change. A loader reads search only through them.
   */
  deps: D;
  /** The first page of a record list, as `useRecordList(source)` reads it. */
  list<T>(source: RecordListSource<T>): QueryNeed;
}

// Only the context is named (and the deps, which take their type from the route's
// `loaderDeps`): the router infers a route's params from its loader as well as its path, and a
// loader that names them loosely would loosen them for the whole route.
interface RouteLoaderArgs {
  context: RouteDataContext;
}
type RouteMatchArgs = { params?: Record<string, string> };

// The query modules, each loaded on demand: one entry per module keeps the first screen's
// share of this (the import stubs) small whatever the number of routes.
const queryModules = {
  // The card area keeps one query module per resource; its screens read several at once.
  card: async () => {
    const [info, holders, addresses, applications, cards] = await Promise.all([
      import('./queries/card/info.ts'),
      import('./queries/card/holders.ts'),
      import('./queries/card/addresses.ts'),
      import('./queries/card/applications.ts'),
      import('./queries/card/cards.ts'),
    ]);
    return { ...info, ...holders, ...addresses, ...applications, ...cards };
  },
  cycle: () => import('./queries/cycle.ts'),
  machine: () => import('./queries/machine.ts'),
  money: () => import('./queries/money.ts'),
  node: () => import('./queries/node.ts'),
  notice: () => import('./queries/notice.ts'),
  release: () => import('./queries/release.ts'),
  ticket: () => import('./queries/ticket.ts'),
  user: () => import('./queries/user.ts'),
};
type QueryModules = typeof queryModules;

/** Starts the queries `needs` names, once the query module `name` has arrived. */
export function screenData<K extends keyof QueryModules, D = Record<string, unknown>>(
  name: K,
  needs: (
    module: Awaited<ReturnType<QueryModules[K]>>,
    input: ScreenDataInput<D>,
  ) => readonly QueryNeed[],
) {
  return (args: RouteLoaderArgs & { deps: D }): void => {
    const route = args as RouteLoaderArgs & RouteMatchArgs;
    const { context } = route;
    const address = context.store.get(addressAtom);
    // Signed out, a page reads only what the device kept (state/reader.ts): nothing to fetch.
    if (address === null) return;
    void Promise.all([
      queryModules[name](),
      import('./records/recordList.ts'),
      import('./warmQueries.ts'),
    ])
      .then(([module, records, { warmQueries }]) => {
        const input: ScreenDataInput<D> = {
          api: context.api,
          store: context.store,
          address,
          locale: currentLocale(),
          params: route.params ?? {},
          deps: args.deps,
          list: (source) => records.recordListOptions(address, source),
        };
        warmQueries(
          context.queryClient,
          needs(module as Awaited<ReturnType<QueryModules[K]>>, input),
        );
      })
      .catch(() => undefined);
  };
}
