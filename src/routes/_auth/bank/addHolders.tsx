import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HolderFormScreen } from '../../../features/card/holders/HolderFormScreen.tsx';
import { idSearch } from '../../../features/card/routeSearch.ts';

export const Route = createFileRoute('/_auth/bank/addHolders')({
  staticData: {
    title: msg`Holder`,
  },
  validateSearch: idSearch,
  component: function AddHolders() {
    return <HolderFormScreen id={Route.useSearch().id} />;
  },
});
