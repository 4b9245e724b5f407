import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AddressListScreen } from '../../../features/card/addresses/AddressListScreen.tsx';

export const Route = createFileRoute('/_auth/bank/addressList')({
  staticData: {
    title: msg`Delivery addresses`,
    keepAlive: true,
  },
  component: AddressListScreen,
});
