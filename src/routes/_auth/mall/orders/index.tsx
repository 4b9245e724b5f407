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
  // `?status=` keeps the chosen tab when the user comes back from an order.
  validateSearch: (search: Record<string, unknown>): { status?: OrderFilter } =>
    FILTERS_IN_URL.includes(search.status as (typeof FILTERS_IN_URL)[number])
      ? { status: search.status as OrderFilter }
      : {},
  loader: screenData('machine', (q, { api, search, list }) => [
    list(q.orderListSource(api, (search.status as OrderFilter | undefined) ?? 'all')),
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
