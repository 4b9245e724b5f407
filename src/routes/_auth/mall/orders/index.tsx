import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OrderListScreen } from '../../../../features/mall/OrderListScreen.tsx';
import { ORDER_FILTERS } from '../../../../features/mall/orderLabels.ts';
import type { OrderFilter } from '../../../../state/queries/machine.ts';

export const Route = createFileRoute('/_auth/mall/orders/')({
  staticData: {
    title: msg`Orders`,
  },
  // `?status=` keeps the chosen tab when the user comes back from an order.
  validateSearch: (search: Record<string, unknown>): { status?: OrderFilter } =>
    ORDER_FILTERS.includes(search.status as OrderFilter)
      ? { status: search.status as OrderFilter }
      : {},
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
