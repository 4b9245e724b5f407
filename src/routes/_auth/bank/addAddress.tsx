import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AddressFormScreen } from '../../../features/card/addresses/AddressFormScreen.tsx';
import { idSearch } from '../../../features/card/routeSearch.ts';

export const Route = createFileRoute('/_auth/bank/addAddress')({
  staticData: {
    title: msg`Delivery address`,
  },
  validateSearch: idSearch,
  component: function AddAddress() {
    return <AddressFormScreen id={Route.useSearch().id} />;
  },
});
