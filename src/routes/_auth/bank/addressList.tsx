import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AddressListScreen } from '../../../features/card/addresses/AddressListScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/addressList')({
  staticData: {
    title: msg`Delivery addresses`,
    keepAlive: true,
  },
  loader: screenData('card', (q, { api, list }) => [list(q.addressListSource(api))]),
  component: AddressListScreen,
});
