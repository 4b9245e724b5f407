import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { OrderListScreen } from '../../../../features/mall/OrderListScreen.tsx';

export const Route = createFileRoute('/_auth/mall/orders/')({
  staticData: {
    title: msg`Orders`,
  },
  component: OrderListScreen,
});
