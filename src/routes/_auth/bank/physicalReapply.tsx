import { msg } from '@lingui/core/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';
import { idSearch } from '../../../features/card/routeSearch.ts';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/physicalReapply')({
  staticData: {
    title: msg`Physical card reapplication`,
  },
  validateSearch: idSearch,
  loader: screenData('card', (q, { api, list }) => [
    q.cardInfoOptions(api),
    list(q.holderListSource(api)),
    list(q.addressListSource(api)),
  ]),
  component: function PhysicalReapply() {
    const { id } = Route.useSearch();
    // Which application to apply again for is chosen on the application list.
    if (!id) return <Navigate to="/bank/applyList" replace />;
    return <ApplyScreen type="physical" reapplyOf={id} />;
  },
});
