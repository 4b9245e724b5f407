import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailScreen } from '../../../../features/mall/OrderDetailScreen.tsx';

export const Route = createFileRoute('/_auth/mall/orders/$id')({
  staticData: {
    title: msg`Order detail`,
  },
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { id } = Route.useParams();
  return <OrderDetailScreen key={id} id={id} />;
}
