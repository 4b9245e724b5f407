import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailScreen } from '../../../../features/mall/OrderDetailScreen.tsx';
import { screenData } from '../../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/mall/orders/$id')({
  staticData: {
    readsOffline: true,
    title: msg`Order detail`,
  },
  loader: screenData('machine', (q, { api, address, params }) => [
    q.orderDetailOptions(api, address, params.id!),
  ]),
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { id } = Route.useParams();
  return <OrderDetailScreen key={id} id={id} />;
}
