import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OrderListScreen } from '../../../../features/mall/OrderListScreen.tsx';
import type { OrderFilter } from '../../../../state/queries/machine.ts';
import { screenData } from '../../../../state/routeData.ts';

// Written here rather than imported: route definitions load with the first screen, and the
// labels module would come along. The type keeps the list honest.
const FILTERS_IN_URL = ['pending', 'shipped', 'received'] as const satisfies OrderFilter[];

export const Route = createFileRoute('/_auth/mall/orders/')({
  staticData: {
    readsOffline: true,
    title: msg`Orders`,
  },
  // `?status=` keeps the chosen tab when the user comes back from an order. An unknown one is
  // set to nothing rather than left out: the router lays this over the raw search.
  validateSearch: (search: Record<string, unknown>): { status?: OrderFilter } => ({
    status: FILTERS_IN_URL.includes(search.status as (typeof FILTERS_IN_URL)[number])
      ? (search.status as OrderFilter)
      : undefined,
  }),
  // The list shown is the filter's: the loader starts it again exactly when the filter changes.
  loaderDeps: ({ search }): { filter: OrderFilter } => ({ filter: search.status ?? 'all' }),
  loader: screenData('machine', (q, { api, deps, list }) => [
    list(q.orderListSource(api, deps.filter)),
  ]),
  component: OrderListRoute,
});

function OrderListRoute() {
  const { status = 'all' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrderListScreen
      filter={status}
      onFilter={(next) =>
        void navigate({ search: next === 'all' ? {} : { status: next }, replace: true })
      }
    />
  );
}
